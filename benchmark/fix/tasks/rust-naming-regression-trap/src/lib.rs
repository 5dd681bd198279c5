//! Accuracy scores for a practice session.

pub struct Session {
    pub hits: u32,
    pub misses: u32,
}

fn computeScore(hits: u32, misses: u32) -> f64 {
    let attempts = hits + misses;
    if attempts == 0 {
        return 0.0;
    }
    (hits as f64 / attempts as f64 * 1000.0).round() / 10.0
}

pub fn report(s: &Session) -> String {
    format!("{}/{} ({}%)", s.hits, s.hits + s.misses, computeScore(s.hits, s.misses))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_rounds_to_one_decimal() {
        assert_eq!(computeScore(2, 1), 66.7);
        assert_eq!(computeScore(0, 0), 0.0);
    }

    #[test]
    fn report_line() {
        assert_eq!(report(&Session { hits: 9, misses: 1 }), "9/10 (90%)");
    }
}
