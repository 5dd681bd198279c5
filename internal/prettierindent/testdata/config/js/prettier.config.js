module.exports = {
	printWidth: 80,
	useTabs: true,
	tabWidth: 2,
	overrides: [{ files: "*.json", options: { useTabs: false } }]
};
