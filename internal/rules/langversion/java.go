package langversion

// Static version analysis for Java: what javac would reject when run the
// paper's way (a lone file, no classpath), judged from the tree-sitter
// parse and the JDK versions that introduced each feature and API.

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// javaJDKPackages are the package prefixes javac resolves without a
// classpath.
var javaJDKPackages = []string{
	"java.", "javax.accessibility", "javax.annotation.processing", "javax.crypto", "javax.imageio",
	"javax.lang.model", "javax.management", "javax.naming", "javax.net", "javax.print", "javax.rmi.ssl",
	"javax.script", "javax.security", "javax.smartcardio", "javax.sound", "javax.sql", "javax.swing",
	"javax.tools", "javax.transaction.xa", "javax.xml.", "jdk.", "sun.", "com.sun.", "org.w3c.dom",
	"org.xml.sax", "org.ietf.jgss",
}

// javaRemovedPackages were dropped from the JDK in Java 11 (JEP 320).
var javaRemovedPackages = []string{"javax.xml.bind", "javax.xml.ws", "javax.xml.soap", "javax.jws", "javax.activation", "javax.annotation.", "org.omg.", "javafx."}

// javaAPIs are calls that need at least that JDK (receiver.method).
var javaAPIs = map[string]int{
	"Collectors.teeing": 12, "Thread.ofVirtual": 21, "Thread.ofPlatform": 21, "Thread.startVirtualThread": 21,
	"Executors.newVirtualThreadPerTaskExecutor": 21, "Math.clamp": 21, "StrictMath.clamp": 21,
	"HexFormat.of": 17, "RandomGenerator.of": 17, "Files.readString": 11, "Files.writeString": 11,
	"Path.of": 11, "Predicate.not": 11, "List.copyOf": 10, "Set.copyOf": 10, "Map.copyOf": 10,
	"List.of": 9, "Set.of": 9, "Map.of": 9, "Map.entry": 9, "Map.ofEntries": 9,
}

var javaImportAPIs = map[string]int{
	"java.net.http": 11, "java.util.HexFormat": 17, "java.util.random": 17, "java.util.SequencedCollection": 21,
	"java.util.SequencedMap": 21, "java.util.SequencedSet": 21, "java.lang.foreign": 22,
}

// javaPublicType names the public top-level type, which javac requires to
// live in <Name>.java.
func javaPublicType(u *check.Unit) string {
	tree, err := u.Tree(lang.Java)
	if err != nil {
		return ""
	}
	name := ""
	forTopLevel(tree.Root(), func(d syntax.Node) {
		if n, ok := javaPublicDecl(d); ok && name == "" {
			name = n.Text()
		}
	})
	return name
}

// forTopLevel calls fn on each child of root. It walks with a cursor:
// indexing children one by one is quadratic on files with many of them.
func forTopLevel(root syntax.Node, fn func(syntax.Node)) {
	first := true
	root.Walk(func(n syntax.Node) bool {
		if first {
			first = false
			return true
		}
		fn(n)
		return false
	})
}

var javaPublicRe = regexp.MustCompile(`\bpublic\b`)

func javaPublicDecl(d syntax.Node) (syntax.Node, bool) {
	switch d.Type() {
	case "class_declaration", "interface_declaration", "enum_declaration", "record_declaration", "annotation_type_declaration":
	default:
		return syntax.Node{}, false
	}
	for j := 0; j < d.NamedChildCount(); j++ {
		m := d.NamedChild(j)
		if m.Type() == "modifiers" && javaPublicRe.MatchString(m.Text()) {
			name := d.Field("name")
			return name, name.Valid()
		}
	}
	return syntax.Node{}, false
}

// javaQuery selects the node kinds javaVersionIssues looks at.
const javaQuery = `[(import_declaration) (local_variable_declaration) (switch_rule) (yield_statement)
 (switch_expression) (string_literal) (record_declaration) (instanceof_expression) (record_pattern)
 (switch_label) (underscore_pattern) (template_expression) (method_invocation) (permits)
 "sealed" "non-sealed"] @n`

// javaVersionIssues approximates javac on a lone file: the file must
// parse and use no feature or API newer than the JDK; under the paper's
// file name (no java-file-name) a public type must be named Test.
func javaVersionIssues(u *check.Unit, t target, r reading) []versionIssue {
	tree, err := u.Tree(lang.Java)
	if err != nil {
		return []versionIssue{{0, 0, "could not parse: " + err.Error()}}
	}
	root := tree.Root()
	var issues []versionIssue
	if bad, ok := firstSyntaxError(root); ok {
		issues = append(issues, syntaxIssue(bad))
	}
	need := func(n syntax.Node, v int, what string) {
		if t.major < v {
			issues = append(issues, versionIssue{n.Start(), n.End(), fmt.Sprintf("%s needs JDK %d", what, v)})
		}
	}
	if !r.fileAfterClass {
		forTopLevel(root, func(d syntax.Node) {
			if name, ok := javaPublicDecl(d); ok && name.Text() != "Test" {
				issues = append(issues, versionIssue{name.Start(), name.End(), fmt.Sprintf("public type %s must be declared in %s.java, but the evaluator compiles the code as Test.java", name.Text(), name.Text())})
			}
		})
	}
	caps := syntax.MustQuery(lang.Java, javaQuery).Captures(root)
	work.Of(u).Add(len(u.Src) + len(caps)) // the query's pass, then a visit per capture
	for _, c := range caps {
		n := c.Node
		switch n.Type() {
		case "import_declaration":
			javaImportIssues(n, t, &issues)
		case "local_variable_declaration":
			if ty := n.Field("type"); ty.Valid() && ty.Text() == "var" {
				need(ty, 10, "local variable type inference (var)")
			}
		case "switch_rule":
			need(n, 14, "switch rule (case ... ->)")
		case "yield_statement":
			need(n, 14, "yield in a switch expression")
		case "switch_expression":
			if p := n.Parent(); p.Valid() && !javaStatementContext(p.Type()) {
				need(n, 14, "switch expression")
			}
		case "string_literal":
			if strings.HasPrefix(n.Text(), `"""`) {
				need(n, 15, "text block")
			}
		case "record_declaration":
			need(n, 16, "record")
		case "instanceof_expression":
			if n.Field("name").Valid() || n.Any(func(m syntax.Node) bool { return m.Type() == "type_pattern" || m.Type() == "record_pattern" }) {
				need(n, 16, "pattern matching for instanceof")
			}
		case "sealed", "non-sealed", "permits":
			need(n, 17, "sealed classes")
		case "record_pattern":
			need(n, 21, "record pattern")
		case "switch_label":
			if n.Any(func(m syntax.Node) bool {
				return m.Type() == "pattern" || m.Type() == "guard" || m.Type() == "null_literal"
			}) {
				need(n, 21, "pattern matching for switch")
			}
		case "underscore_pattern":
			need(n, 22, "unnamed pattern (_)")
		case "template_expression":
			issues = append(issues, versionIssue{n.Start(), n.End(), "string templates are a preview feature (not compiled without --enable-preview)"})
		case "method_invocation":
			obj, name := n.Field("object"), n.Field("name")
			if obj.Valid() && name.Valid() {
				if v, ok := javaAPIs[obj.Text()+"."+name.Text()]; ok {
					need(n, v, obj.Text()+"."+name.Text()+"()")
				}
				switch name.Text() {
				case "formatted":
					if obj.Type() == "string_literal" {
						need(n, 15, "String.formatted()")
					}
				case "toList":
					if args := n.Field("arguments"); args.Valid() && args.NamedChildCount() == 0 && strings.Contains(obj.Text(), "stream()") {
						need(n, 16, "Stream.toList()")
					}
				case "mapMulti":
					need(n, 16, "Stream.mapMulti()")
				}
			}
		}
	}
	return issues
}

func javaStatementContext(parent string) bool {
	switch parent {
	case "block", "switch_block_statement_group", "switch_rule", "labeled_statement", "constructor_body",
		"if_statement", "while_statement", "for_statement", "enhanced_for_statement", "do_statement", "program":
		return true
	}
	return false
}

func javaImportIssues(n syntax.Node, t target, issues *[]versionIssue) {
	var path string
	for i := 0; i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); c.Type() == "scoped_identifier" || c.Type() == "identifier" {
			path = c.Text()
		}
	}
	if path == "" {
		return
	}
	p := path + "."
	for _, r := range javaRemovedPackages {
		if strings.HasPrefix(p, r) || strings.HasPrefix(p, r+".") {
			if t.major >= 11 {
				*issues = append(*issues, versionIssue{n.Start(), n.End(), fmt.Sprintf("package %s was removed from the JDK in Java 11", path)})
			}
			return
		}
	}
	jdk := false
	for _, pre := range javaJDKPackages {
		jdk = jdk || strings.HasPrefix(p, pre) || strings.HasPrefix(p, pre+".")
	}
	if !jdk {
		*issues = append(*issues, versionIssue{n.Start(), n.End(), fmt.Sprintf("package %s does not exist: javac gets no dependencies on the classpath", javaPackageOf(path))})
		return
	}
	for api, v := range javaImportAPIs {
		if (strings.HasPrefix(p, api+".") || path == api) && t.major < v {
			*issues = append(*issues, versionIssue{n.Start(), n.End(), fmt.Sprintf("%s needs JDK %d", api, v)})
		}
	}
}

// javaPackageOf drops the class part of an import: a.b.C.D -> a.b.
func javaPackageOf(path string) string {
	segs := strings.Split(path, ".")
	for i, s := range segs {
		if i > 0 && s != "" && s[0] >= 'A' && s[0] <= 'Z' {
			return strings.Join(segs[:i], ".")
		}
	}
	return path
}
