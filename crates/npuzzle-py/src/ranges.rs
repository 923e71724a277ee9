//! Python's numbers checked against the library's accepted ranges
//! ([`npuzzle_settings::ranges`], the CLI's): any Python integer (negative, or past 64 bits) is
//! refused with the range's words as a `ParseError`, never an `OverflowError` or a wrap-around.

use npuzzle_settings::ranges::Whole;
use pyo3::prelude::*;

use crate::errors::{parse_error, range_error};

/// `value` (a Python integer) if it is in `range`; `name` is the argument's name.
pub fn whole(name: &str, range: Whole, value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(parse_error(format!(
            "{name}: give a whole number, not {value}"
        )));
    }
    let number = match value.extract::<i128>() {
        Ok(number) => number,
        // Past 128 bits: refused with its digits.
        Err(_) if value.call_method0("__index__").is_ok() => {
            let digits = value.str()?.to_string();
            return range.parse(&digits).map_err(|e| range_error(name, e));
        }
        Err(_) => {
            let kind = value.get_type().name()?;
            return Err(parse_error(format!(
                "{name}: give a whole number, not a {kind}"
            )));
        }
    };
    range.check(number).map_err(|e| range_error(name, e))
}

/// An optional whole number, checked when given.
pub fn optional_whole(
    name: &str,
    range: Whole,
    value: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<u64>> {
    value
        .filter(|v| !v.is_none())
        .map(|v| whole(name, range, v))
        .transpose()
}
