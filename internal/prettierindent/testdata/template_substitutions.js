// prettier's output, except lines 5 and 8 (re-indented on purpose); lines starting in the template's text are left alone
function gen() {
  return `${prefix} map = 1;
moduleContextFn.keys = ${codeTemplate.returningFn(
      "Object.keys(mapOfAllTheModulesByTheirIdentifiers)",
  )};
  return ${promise}.then(${codeTemplate.plainFn("", [
  "first line of code here",
    "second line",
  ])});
${packages.map((name) => name).join("\n")}
  text ${Globals.startupEntry} = 1`;
}
