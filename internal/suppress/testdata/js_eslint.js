/* eslint-disable camelcase -- legacy snake_case API */
const old_name = 1;
/* eslint-enable camelcase */
const new_name = 2;

const a_b = 3; // eslint-disable-line camelcase
// eslint-disable-next-line camelcase, no-unused-vars -- generated
const c_d = 4;
const e_f = 5; // eslint-disable-line no-unused-vars
const g_h = 6; // eslint-disable-line

/* eslint-disable indent, brace-style */
function x()
{
      return 1;
}
/* eslint-enable */

// eslint-disable camelcase (line comments cannot disable regions)
const i_j = 7;

// prettier-ignore
const matrix = [
  1,0,
  0,1,
];
const s = "// eslint-disable-line";
