#![allow(missing_docs)]

#[allow(non_snake_case)]
fn BadName() {
    let X = 1;
}

#[allow(dead_code, non_camel_case_types, reason = "FFI names")]
struct my_struct {
    a: i32,
}

#[derive(Debug)]
#[expect(non_upper_case_globals)]
static lower: i32 = 1;

#[allow(dead_code)]
fn not_mapped() {}

#[rustfmt::skip]
const M: [i32; 4] = [1,0,
                     0,1];

mod inner {
    #![allow(non_snake_case)]
    fn Inner() {}
}

fn after() {}
const S: &str = "#[allow(non_snake_case)]";
