package lang

import "testing"

func TestDetectHeader(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      ID
	}{
		{"c prototypes", "#ifndef X_H\n#define X_H\nint add(int a, int b);\nstruct point { int x, y; };\n#endif\n", C},
		{"c with extern C guard", "#ifdef __cplusplus\nextern \"C\" {\n#endif\nvoid f(void);\n#ifdef __cplusplus\n}\n#endif\n", C},
		{"c with class as a name", "struct s { int class; };\n", C},
		{"c with :: in a comment", "/* see Foo::bar */\nint f(void);\n", C},
		{"c with :: in a string", "const char *s = \"a::b\";\n", C},
		{"class", "class Counter {\npublic:\n  int n = 0;\n};\n", CPP},
		{"namespace", "namespace util {\nint f();\n}\n", CPP},
		{"template", "template <typename T>\nT max(T a, T b);\n", CPP},
		{"std library", "#include <vector>\nstd::vector<int> v();\n", CPP},
		{"scope", "inline int f() { return ns::g(); }\n", CPP},
		{"nullptr", "static void *p = nullptr;\n", CPP},
	} {
		if got := DetectHeader([]byte(tc.src)); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}
