package infer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/iflint/iflint/internal/lang"
)

// TestCheckstyleGovernsJavaIndentation: where the repository configures
// checkstyle, init writes Java's indentation only when checkstyle runs
// Indentation with that unit; without Indentation, or with another
// basicOffset, it leaves the constraint out and says why. A module
// switched off in an XML comment does not run.
func TestCheckstyleGovernsJavaIndentation(t *testing.T) {
	const checker = `<?xml version="1.0"?>
<module name="Checker">
  <module name="FileTabCharacter"/>
  <module name="TreeWalker">
    %s
  </module>
</module>
`
	o := Options{Min: DefaultMin, MinUnits: DefaultMinUnits}
	for _, tc := range []struct {
		name, module, spec, why string
	}{
		{"no checkstyle", "", "java;spaces:4", ""},
		{"no Indentation", `<module name="LeftCurly"/>`, "", "runs no Indentation module"},
		{"Indentation commented out", `<!-- <module name="Indentation"/> -->`, "", "runs no Indentation module"},
		{"Indentation by 4", `<module name="Indentation"/>`, "java;spaces:4", ""},
		{"Indentation by 2", `<module name="Indentation"><property name="basicOffset" value="2"/></module>`, "", "indents by spaces:2, not the spaces:4 measured"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write := treeWriter(t, dir)
			for i := 0; i < 25; i++ {
				write(fmt.Sprintf("src/main/java/p/Part%d.java", i), fmt.Sprintf("package p;\n\npublic class Part%d {\n    int size(int[] items) {\n        if (items.length > 0) {\n            return items.length;\n        }\n        return 0;\n    }\n}\n", i))
			}
			if tc.module != "" {
				write("src/conf/checkstyle.xml", fmt.Sprintf(checker, tc.module))
			}
			r, err := Infer(context.Background(), dir, o)
			if err != nil {
				t.Fatal(err)
			}
			d := indentOf(t, r, lang.Java)
			if d.Spec(lang.Java) != tc.spec || !strings.Contains(d.LeftOut, tc.why) {
				t.Errorf("spec %q, left out %q; want %q, saying %q", d.Spec(lang.Java), d.LeftOut, tc.spec, tc.why)
			}
			if tc.spec != "" && tc.module != "" && !strings.Contains(d.Agrees, "src/conf/checkstyle.xml") {
				t.Errorf("agrees %q; want it to name src/conf/checkstyle.xml", d.Agrees)
			}
		})
	}
}
