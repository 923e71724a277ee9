//! What a search did: nodes, memory, time.

use std::time::Duration;

use serde::Serialize;

/// Statistics of one search run.
///
/// ```
/// use npuzzle_search::Request;
/// let solution = Request::new("8 6 7/2 5 4/3 0 1".parse().unwrap()).solve().unwrap();
/// let stats = &solution.stats; // the table answers: one step a move
/// assert_eq!(stats.expanded, 31);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Nodes generated (children created, duplicates included).
    pub generated: u64,
    /// The largest number of nodes held at once (open plus closed lists, or the path for
    /// depth-first searches).
    pub peak_nodes: u64,
    /// An estimate of the peak memory used by the search's own structures, in bytes.
    pub peak_memory: u64,
    /// Iterations of an iterative-deepening search (thresholds tried).
    pub iterations: u32,
    /// A length no solution is shorter than, proved by the search (IDA*: the threshold of the
    /// iteration it was in when it stopped); 0 when it proved none.
    pub proved_bound: u32,
    /// Wall time (zero where no clock is available, as in WebAssembly).
    #[serde(serialize_with = "as_seconds")]
    pub elapsed: Duration,
}

fn as_seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Stats {
    /// Nodes expanded per second, if time was measured.
    pub fn nodes_per_second(&self) -> Option<f64> {
        let seconds = self.elapsed.as_secs_f64();
        (seconds > 0.0).then(|| self.expanded as f64 / seconds)
    }
}
