// prettier's output, except lines 4, 13 (re-indented on purpose)
const x = cond
	? {
				aaaaaaaaaaaaaaaa: 1,
			bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb: 2,
			cccccccccccccccccccccccc: 3,
		}
	: b;
function f() {
	return items
		.filter((item) => item.enabled)
		.map((item) => {
		return item.value * 2;
		})
		.join(",");
}
