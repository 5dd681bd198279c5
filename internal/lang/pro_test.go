package lang

import "testing"

func TestIsProlog(t *testing.T) {
	cases := map[string]bool{
		"# keep the models\n-keep class com.example.** { *; }\n-dontwarn okio.**\n": false,
		"QT += core gui\nTARGET = app\nSOURCES += main.cpp\n":                       false,
		":- module(lists, [append/3]).\n\nappend([], L, L).\n":                      true,
		"% facts\nparent(tom, bob).\nancestor(X, Y) :- parent(X, Y).\n":             true,
		"pro hello\n  print, 'hi'\nend\n":                                           false,
	}
	for src, want := range cases {
		if got := IsProlog([]byte(src)); got != want {
			t.Errorf("IsProlog(%q) = %v, want %v", src, got, want)
		}
	}
	if in, ok := ByPathContent("app/proguard-rules.pro", []byte("-keep class a.B\n")); ok {
		t.Errorf("a ProGuard file is %s", in.Name)
	}
	if in, ok := ByPathContent("x.pro", []byte("a :- b.\n")); !ok || in.ID != Prolog {
		t.Errorf("a Prolog .pro is %v, %v", in.ID, ok)
	}
}
