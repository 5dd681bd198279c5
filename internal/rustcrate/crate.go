package rustcrate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// maxModules bounds a crate's module tree: a `#[path]` cycle or a
// generated tree of thousands of files ends the reading there.
const maxModules = 20000

// node is a module placed in its crate.
type node struct {
	*module
	id       int
	parent   int // -1 at the crate root
	file     string
	inline   string // the inline path inside file ("" for the file's top level; "a/b" for mod a { mod b {} })
	children map[string]int
	fileDoc  bool // a `mod m;` whose file opens with //!
}

// Crate is one crate's module tree and what of it is exported.
type Crate struct {
	Root  string
	nodes []*node
	// byPlace finds the module a file's inline path is.
	byPlace map[[2]string]int
	// exported modules have their `pub` items exported; items lists the
	// (module, name) pairs a reachable `pub use` exports.
	exported map[int]bool
	items    map[int]map[string]bool
	digest   string
}

// read returns a file's content by slash path.
type read func(p string) ([]byte, bool)

// load reads the crate whose root file is root.
func load(ctx context.Context, root string, rd read) *Crate {
	c := &Crate{Root: root, byPlace: map[[2]string]int{}}
	seen := map[string]bool{}
	var addFile func(file string, parent int, decl *modDecl) int
	var place func(m *module, parent int, file, inline, dir string) int
	place = func(m *module, parent int, file, inline, dir string) int {
		n := &node{module: m, id: len(c.nodes), parent: parent, file: file, inline: inline, children: map[string]int{}}
		c.nodes = append(c.nodes, n)
		c.byPlace[[2]string{file, inline}] = n.id
		for _, d := range m.mods {
			if len(c.nodes) >= maxModules {
				break
			}
			sub := path.Join(dir, d.name)
			var id int
			switch {
			case d.body != nil:
				id = place(d.body, n.id, file, path.Join(inline, d.name), sub)
			default:
				id = addFile(modFile(rd, dir, file, inline, d), n.id, d)
			}
			if id >= 0 {
				n.children[d.name] = id
			}
		}
		return n.id
	}
	addFile = func(file string, parent int, decl *modDecl) int {
		if file == "" || seen[file] {
			return -1
		}
		src, ok := rd(file)
		if !ok {
			return -1
		}
		seen[file] = true
		t, err := syntax.Parse(ctx, lang.Rust, src)
		if err != nil {
			return -1
		}
		m := readModule(t.Root())
		t.Close()
		if decl != nil {
			m.name, m.pub, m.outerDoc = decl.name, decl.pub, decl.outerDoc
			m.silenced, m.test = m.silenced || decl.silenced, decl.test
		}
		dir := path.Dir(file)
		if decl != nil && decl.path == "" && !modRS(file) { // a #[path] file is read as a mod.rs
			dir = strings.TrimSuffix(file, ".rs")
		}
		id := place(m, parent, file, "", dir)
		c.nodes[id].fileDoc = m.innerDoc
		return id
	}
	addFile(root, -1, nil)
	c.resolveExports()
	c.digest = c.summary()
	return c
}

// modRS: a file whose `mod m;` declarations look beside it (a crate
// root, mod.rs) rather than in a directory named after it.
func modRS(file string) bool {
	return path.Base(file) == "mod.rs"
}

// modFile finds the file of `mod d;` declared in the module at inline
// inside file, whose child modules live in dir: dir/d.rs or dir/d/mod.rs,
// or #[path], which is relative to the declaring file's directory (to
// dir for a declaration inside an inline module).
func modFile(rd read, dir, file, inline string, d *modDecl) string {
	if d.path != "" {
		base := path.Dir(file)
		if inline != "" {
			base = dir
		}
		return path.Join(base, d.path)
	}
	for _, p := range []string{path.Join(dir, d.name+".rs"), path.Join(dir, d.name, "mod.rs")} {
		if _, ok := rd(p); ok {
			return p
		}
	}
	return ""
}

// target is what a path resolves to: a module, or an item of a module
// (mod, name), or nothing the crate declares (mod -1).
type target struct {
	mod  int
	name string // "" for the module itself
}

var none = target{mod: -1}

// lookup finds name in module m's namespace: its child modules and
// items, then the names its imports bind, then its glob imports.
func (c *Crate) lookup(m int, name string, depth int) target {
	if depth > 32 {
		return none
	}
	n := c.nodes[m]
	if id, ok := n.children[name]; ok {
		return target{mod: id}
	}
	if _, ok := n.items[name]; ok {
		return target{mod: m, name: name}
	}
	for _, u := range n.uses {
		if !u.glob && u.name == name {
			return c.resolve(m, u.path, depth+1)
		}
	}
	for _, u := range n.uses {
		if u.glob {
			if t := c.resolve(m, u.path, depth+1); t.mod >= 0 && t.name == "" {
				if got := c.lookup(t.mod, name, depth+1); got.mod >= 0 {
					return got
				}
			}
		}
	}
	return none
}

// resolve follows a path from module m.
func (c *Crate) resolve(m int, p []string, depth int) target {
	cur := target{mod: m}
	for i, seg := range p {
		if cur.mod < 0 || cur.name != "" {
			return none // past an item (an enum's variants) or outside the crate
		}
		switch {
		case seg == "crate" && i == 0:
			cur = target{mod: 0}
		case seg == "self" && i == 0:
		case seg == "super":
			cur = target{mod: c.nodes[cur.mod].parent}
		case seg == "::":
			return none // an external crate
		default:
			cur = c.lookup(cur.mod, seg, depth+1)
		}
	}
	return cur
}

// resolveExports computes what the crate exports: the root; a `pub`
// child of an exported module; what a `pub use` of an exported module
// (or of a module a reachable `pub use m::*` re-exports) names.
func (c *Crate) resolveExports() {
	c.exported = map[int]bool{}
	c.items = map[int]map[string]bool{}
	if len(c.nodes) == 0 {
		return
	}
	globbed := map[int]bool{}
	var exportModule func(id int)
	var exportNamespace func(id int)
	exportTarget := func(t target) {
		switch {
		case t.mod < 0:
		case t.name == "":
			if p := c.nodes[t.mod].parent; p >= 0 {
				c.markItem(p, c.nodes[t.mod].name)
			}
			exportModule(t.mod)
		default:
			c.markItem(t.mod, t.name)
		}
	}
	exportNamespace = func(id int) {
		if globbed[id] {
			return
		}
		globbed[id] = true
		n := c.nodes[id]
		for name, pub := range n.items {
			if _, isMod := n.children[name]; pub && !isMod {
				c.markItem(id, name)
			}
		}
		for name, cid := range n.children {
			if c.nodes[cid].pub {
				c.markItem(id, name)
				exportModule(cid)
			}
		}
		for _, u := range n.uses {
			if !u.pub {
				continue
			}
			t := c.resolve(id, u.path, 0)
			if u.glob {
				if t.mod >= 0 && t.name == "" {
					exportNamespace(t.mod)
				}
				continue
			}
			exportTarget(t)
		}
	}
	exportModule = func(id int) {
		if c.exported[id] || c.nodes[id].test {
			return
		}
		c.exported[id] = true
		exportNamespace(id)
	}
	exportModule(0)
}

func (c *Crate) markItem(m int, name string) {
	if c.items[m] == nil {
		c.items[m] = map[string]bool{}
	}
	c.items[m][name] = true
}

// summary is a digest of everything the crate's answers depend on: the
// module tree, each module's items, imports and docs, and where each
// module's file is.
func (c *Crate) summary() string {
	h := sha256.New()
	fmt.Fprintf(h, "root %q\n", c.Root)
	for _, n := range c.nodes {
		fmt.Fprintf(h, "mod %d parent %d %q %q %q pub=%v outer=%v inner=%v file=%v silenced=%v test=%v\n", n.id, n.parent, n.file, n.inline, n.name, n.pub, n.outerDoc, n.innerDoc, n.fileDoc, n.silenced, n.test)
		names := make([]string, 0, len(n.items))
		for k := range n.items {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			fmt.Fprintf(h, "item %q %v\n", k, n.items[k])
		}
		for _, u := range n.uses {
			fmt.Fprintf(h, "use %v %q %q %v\n", u.pub, u.path, u.name, u.glob)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
