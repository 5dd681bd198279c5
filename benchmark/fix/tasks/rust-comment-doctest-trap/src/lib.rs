//! Durations written like "1h30m" or "45s".

// Seconds per unit letter, or None for an unknown unit.
fn unit_seconds(u: char) -> Option<u64> {
    match u {
        'h' => Some(3600),
        'm' => Some(60),
        's' => Some(1),
        _ => None,
    }
}

// Parses a duration into seconds. Usage, as in the service's config loader:
//
// ```
// let timeout = parse_duration(&cfg.timeout)?;
// client.set_timeout(timeout);
// ```
pub fn parse_duration(s: &str) -> Option<u64> {
    let mut total = 0;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            total += num.parse::<u64>().ok()? * unit_seconds(c)?;
            num.clear();
        }
    }
    if num.is_empty() && !s.is_empty() {
        Some(total)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses() {
        assert_eq!(parse_duration("1h30m"), Some(5400));
        assert_eq!(parse_duration("45s"), Some(45));
    }

    #[test]
    fn rejects() {
        assert_eq!(parse_duration(""), None);
        assert_eq!(parse_duration("10"), None);
        assert_eq!(parse_duration("3d"), None);
    }
}
