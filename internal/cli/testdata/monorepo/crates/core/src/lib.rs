pub fn add_one(x: i32) -> i32 {
    x + 1
}

pub fn doubleIt(x: i32) -> i32 {
    x * 2
}
