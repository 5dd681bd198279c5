//! Run-length encoding of byte strings: "aaab" <-> "3a1b".

struct run {
    byte: u8,
    len: usize,
}

fn splitRuns(input: &[u8]) -> Vec<run> {
    let mut runs: Vec<run> = Vec::new();
    for &b in input {
        match runs.last_mut() {
            Some(r) if r.byte == b => r.len += 1,
            _ => runs.push(run { byte: b, len: 1 }),
        }
    }
    runs
}

fn parseCount(digits: &str) -> Option<usize> {
    digits.parse().ok().filter(|&n| n > 0)
}

pub fn encode(input: &str) -> String {
    splitRuns(input.as_bytes())
        .iter()
        .map(|r| format!("{}{}", r.len, r.byte as char))
        .collect()
}

pub fn decode(input: &str) -> Option<String> {
    let mut out = String::new();
    let mut digits = String::new();
    for c in input.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            let n = parseCount(&digits)?;
            out.extend(std::iter::repeat(c).take(n));
            digits.clear();
        }
    }
    if digits.is_empty() {
        Some(out)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        assert_eq!(encode("aaabccdddd"), "3a1b2c4d");
        assert_eq!(decode("3a1b2c4d").as_deref(), Some("aaabccdddd"));
    }

    #[test]
    fn runs_are_split_on_change() {
        let runs = splitRuns(b"xxy");
        assert_eq!(runs.len(), 2);
        assert_eq!((runs[0].byte, runs[0].len), (b'x', 2));
    }

    #[test]
    fn rejects_bad_counts() {
        assert_eq!(parseCount("0"), None);
        assert_eq!(decode("3"), None);
        assert_eq!(decode("a"), None);
    }
}
