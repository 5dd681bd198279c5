//! Balanced-bracket checking with the position of the first error.

#[derive(Debug, PartialEq)]
pub enum Error {
    /// A closing bracket at this char index that matches nothing open.
    Unexpected(usize, char),
    /// An opening bracket at this char index that is never closed.
    Unclosed(usize, char),
}

pub struct Point {
    pub x: i32,
    pub y: i32,
}

fn partner(close: char) -> Option<char> {
    match close {
        ')' => Some('('),
        ']' => Some('['),
        '}' => Some('{'),
        _ => None,
    }
}

pub fn check(s: &str) -> Result<(), Error> {
    let mut stack: Vec<(usize, char)> = Vec::new();
    for (i, c) in s.chars().enumerate() {
        if "([{".contains(c) {
            stack.push((i, c));
        } else if let Some(open) = partner(c) {
            match stack.pop() {
                Some((_, o)) if o == open => continue,
                _ => return Err(Error::Unexpected(i, c)),
            }
        }
    }
    match stack.pop() {
        Some((at, open)) => Err(Error::Unclosed(at, open)),
        None => Ok(()),
    }
}

pub fn origin() -> Point {
    Point { x: 0, y: 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced() {
        assert_eq!(check("fn f() { let v = [1, (2)]; }"), Ok(()));
    }

    #[test]
    fn errors() {
        assert_eq!(check("(]"), Err(Error::Unexpected(1, ']')));
        assert_eq!(check("{[]"), Err(Error::Unclosed(0, '{')));
        let p = origin();
        assert_eq!((p.x, p.y), (0, 0));
    }
}
