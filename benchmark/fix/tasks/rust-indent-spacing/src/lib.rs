//! Integer square root and perfect-square checks by Newton's method.

pub fn isqrt(n: u64) -> u64 {
	if n < 2 {
		return n;
	}
	let mut x = n;
	let mut y = (x+1) / 2;
	while y < x {
		x = y;
		y = (x + n/x) / 2;
	}
	x
}

pub fn is_square(n: u64) -> bool {
	let r = isqrt(n);
	r*r == n
}

/// Default bound for `table`.
pub const TABLE_LIMIT: u64 = 10*10;

/// Squares up to `limit`, formatted with a tab between root and square.
pub fn table(limit: u64) -> Vec<String> {
	(1..=isqrt(limit)).map(|r| format!("{}\t{}", r, r * r)).collect()
}

#[cfg(test)]
mod tests {
	use super::*;

	#[test]
	fn roots() {
		assert_eq!(isqrt(0), 0);
		assert_eq!(isqrt(15), 3);
		assert_eq!(isqrt(16), 4);
		assert_eq!(isqrt(1_000_000_000_001), 1_000_000);
	}

	#[test]
	fn squares() {
		assert!(is_square(144));
		assert!(!is_square(145));
		assert_eq!(table(10), vec!["1\t1", "2\t4", "3\t9"]);
		assert_eq!(table(TABLE_LIMIT).len(), 10);
	}
}
