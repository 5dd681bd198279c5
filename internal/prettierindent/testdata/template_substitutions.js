// prettier's output, except lines 5 and 8 (re-indented on purpose); lines starting in the template's text are left alone
function gen() {
  return `${prefix} map = 1;
webpackAsyncContext.keys = ${runtimeTemplate.returningFunction(
      "Object.keys(map)",
  )};
  return ${promise}.then(${runtimeTemplate.basicFunction("", [
  "first line of code here",
    "second line",
  ])});
${packages.map((name) => name).join("\n")}
  text ${RuntimeGlobals.startupEntrypoint} = 1`;
}
