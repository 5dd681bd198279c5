package langversion

// What a lone rustc knows without dependencies: the crate roots, std's
// modules, built-in macros, derives and attributes, and the Rust version
// that stabilised each std API the static analysis looks for.

var rustStdRoots = map[string]bool{"std": true, "core": true, "alloc": true, "crate": true, "self": true, "super": true}

var rustPrimitives = map[string]bool{
	"i8": true, "i16": true, "i32": true, "i64": true, "i128": true, "isize": true,
	"u8": true, "u16": true, "u32": true, "u64": true, "u128": true, "usize": true,
	"f32": true, "f64": true, "bool": true, "char": true, "str": true,
}

// rustStdModules lists std's modules; the ones with submodules list them.
var rustStdModules = map[string][]string{
	"alloc": nil, "any": nil, "arch": {"x86", "x86_64", "aarch64", "arm", "wasm32"}, "array": nil, "ascii": nil,
	"backtrace": nil, "borrow": nil, "boxed": nil, "cell": nil, "char": nil, "clone": nil, "cmp": nil,
	"collections": {"hash_map", "hash_set", "btree_map", "btree_set", "binary_heap", "linked_list", "vec_deque"},
	"convert":     nil, "default": nil, "env": nil, "error": nil, "f32": {"consts"}, "f64": {"consts"},
	"ffi": {"c_str", "os_str"}, "fmt": nil, "fs": nil, "future": nil, "hash": nil, "hint": nil,
	"i8": nil, "i16": nil, "i32": nil, "i64": nil, "i128": nil, "isize": nil,
	"u8": nil, "u16": nil, "u32": nil, "u64": nil, "u128": nil, "usize": nil,
	"io": {"prelude"}, "iter": nil, "marker": nil, "mem": nil, "net": nil, "num": nil, "ops": nil,
	"option": nil, "os": {"unix", "windows", "linux", "raw", "fd", "wasi", "macos", "android"}, "panic": nil,
	"path": nil, "pin": nil, "prelude": {"v1", "rust_2015", "rust_2018", "rust_2021", "rust_2024"},
	"primitive": nil, "process": nil, "ptr": nil, "rc": nil, "result": nil, "slice": nil, "str": {"pattern"},
	"string": nil, "sync": {"mpsc", "atomic", "mpmc", "poison"}, "task": nil, "thread": nil, "time": nil, "vec": nil,
}

var rustBuiltinMacros = map[string]bool{
	"println": true, "print": true, "eprintln": true, "eprint": true, "format": true, "write": true,
	"writeln": true, "vec": true, "panic": true, "assert": true, "assert_eq": true, "assert_ne": true,
	"debug_assert": true, "debug_assert_eq": true, "debug_assert_ne": true, "unreachable": true,
	"unimplemented": true, "todo": true, "matches": true, "format_args": true, "concat": true,
	"stringify": true, "include_str": true, "include_bytes": true, "include": true, "env": true,
	"option_env": true, "file": true, "line": true, "column": true, "module_path": true, "cfg": true,
	"compile_error": true, "dbg": true, "thread_local": true, "macro_rules": true, "try": true, "r#try": true,
	"offset_of": true, "addr_of": true, "addr_of_mut": true, "is_x86_feature_detected": true,
}

var rustBuiltinDerives = map[string]bool{"Debug": true, "Clone": true, "Copy": true, "PartialEq": true, "Eq": true, "PartialOrd": true, "Ord": true, "Hash": true, "Default": true}

var rustBuiltinAttrs = map[string]bool{
	"cfg": true, "cfg_attr": true, "test": true, "ignore": true, "should_panic": true, "derive": true,
	"automatically_derived": true, "macro_export": true, "macro_use": true, "proc_macro": true,
	"proc_macro_derive": true, "proc_macro_attribute": true, "allow": true, "warn": true, "deny": true,
	"forbid": true, "expect": true, "deprecated": true, "must_use": true, "link": true, "link_name": true,
	"link_section": true, "no_link": true, "no_mangle": true, "repr": true, "crate_type": true,
	"crate_name": true, "no_main": true, "no_std": true, "no_implicit_prelude": true, "path": true,
	"recursion_limit": true, "type_length_limit": true, "panic_handler": true, "global_allocator": true,
	"windows_subsystem": true, "feature": true, "non_exhaustive": true, "inline": true, "cold": true,
	"track_caller": true, "target_feature": true, "doc": true, "export_name": true, "used": true,
	"debugger_visualizer": true, "collapse_debuginfo": true, "unsafe": true, "naked": true, "instruction_set": true,
	"link_ordinal": true, "rustfmt": true, "clippy": true, "diagnostic": true,
}

// rustAPIs are std names (methods, types, macros) stabilized in 1.<minor>.
var rustAPIs = map[string]int{
	"abs_diff": 60, "ilog2": 67, "ilog10": 67, "checked_ilog2": 67, "checked_ilog10": 67,
	"is_some_and": 70, "is_ok_and": 70, "is_err_and": 70, "OnceLock": 70, "IsTerminal": 70,
	"div_ceil": 73, "inspect_err": 76, "first_chunk": 77, "last_chunk": 77, "split_first_chunk": 77,
	"split_last_chunk": 77, "offset_of": 77, "LazyLock": 80, "LazyCell": 80, "take_if": 80,
	"as_flattened": 80, "is_none_or": 82, "repeat_n": 82, "is_sorted": 82, "is_sorted_by": 82,
	"is_sorted_by_key": 82, "isqrt": 84, "get_disjoint_mut": 86, "pop_if": 86, "extract_if": 87,
	"is_multiple_of": 87,
}
