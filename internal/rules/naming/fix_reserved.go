package naming

// Names a rename must not produce or touch: hooks called by name and
// each language's reserved words.

import (
	"strings"

	"github.com/iflint/iflint/internal/lang"
)

// exemptName lists names whose spelling a runtime or framework calls by
// name: the check exempts dunders and JS lifecycle methods; renaming
// entry points and well-known hooks (unittest's setUp, JS toString)
// would silently disconnect them, which no re-check would notice.
func exemptName(id lang.ID, name string) bool {
	switch id {
	case lang.Python:
		return strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") || pythonHooks[name]
	case lang.JavaScript, lang.TypeScript:
		return strings.HasPrefix(name, "__") || jsHooks[name]
	case lang.CSharp:
		return name == "Main"
	}
	return name == "main"
}

var pythonHooks = setOfWords(`main setUp tearDown setUpClass tearDownClass setUpModule tearDownModule
	asyncSetUp asyncTearDown addCleanup do_GET do_POST do_PUT do_DELETE do_HEAD`)

var jsHooks = setOfWords(`constructor componentDidMount componentWillUnmount componentDidUpdate render
	getDerivedStateFromProps shouldComponentUpdate getSnapshotBeforeUpdate componentDidCatch
	toString toJSON valueOf connectedCallback disconnectedCallback attributeChangedCallback main`)

// reserved holds each language's keywords and the builtins a rename
// would shadow. A collision with a name the file already uses is caught
// separately; these are the names it may not use yet.
var reserved = map[lang.ID]map[string]bool{
	lang.Python: setOfWords(`False None True and as assert async await break class continue def del elif
		else except finally for from global if import in is lambda nonlocal not or pass raise return
		try while with yield match case type abs all any bool bytes callable chr dict dir divmod
		enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id
		input int isinstance issubclass iter len list locals map max min next object oct open ord
		pow print property range repr reversed round set setattr slice sorted staticmethod str sum
		super tuple vars zip self cls`),
	lang.JavaScript: jsReserved,
	lang.TypeScript: jsReserved,
	lang.Java: setOfWords(`abstract assert boolean break byte case catch char class const continue default
		do double else enum extends final finally float for goto if implements import instanceof
		int interface long native new package private protected public return short static strictfp
		super switch synchronized this throw throws transient try void volatile while var record
		yield true false null String Object Integer Long Double Boolean Character Math System List
		Map Set`),
	lang.Go: setOfWords(`break case chan const continue default defer else fallthrough for func go goto if
		import interface map package range return select struct switch type var any append bool byte
		cap clear close complex complex64 complex128 copy delete error false float32 float64 imag int
		int8 int16 int32 int64 iota len make max min new nil panic print println real recover rune
		string true uint uint8 uint16 uint32 uint64 uintptr comparable`),
	lang.C:      cReserved,
	lang.CPP:    cReserved,
	lang.Rust:   setOfWords(`as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final macro override priv typeof unsized virtual yield try String Vec Option Some None Result Ok Err Box i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str`),
	lang.CSharp: setOfWords(`abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while var dynamic String Object Console Math`),
	lang.Kotlin: setOfWords(`as break class continue do else false for fun if in interface is null object package return super this throw true try typealias typeof val var when while String Int Long Double Boolean Any Unit List Map Set`),
}

var jsReserved = setOfWords(`await break case catch class const continue debugger default delete do else
	enum export extends false finally for function if implements import in instanceof interface let
	new null package private protected public return static super switch this throw true try typeof
	var void while with yield arguments eval undefined NaN Infinity globalThis Object Array String
	Number Boolean Symbol Map Set Promise Math JSON Date Error RegExp console window document`)

var cReserved = setOfWords(`alignas alignof and asm auto bool break case catch char class const constexpr
	continue decltype default delete do double else enum explicit export extern false float for
	friend goto if inline int long mutable namespace new noexcept not nullptr operator or private
	protected public register return short signed sizeof static struct switch template this throw
	true try typedef typename union unsigned using virtual void volatile while main std string
	vector map set printf malloc free size_t NULL restrict xor bitand bitor compl and_eq or_eq
	xor_eq not_eq requires concept co_await co_yield co_return char8_t char16_t char32_t consteval
	constinit static_assert thread_local wchar_t dynamic_cast static_cast const_cast
	reinterpret_cast typeid override final`)

func reservedName(id lang.ID, name string) bool { return reserved[id][name] }
