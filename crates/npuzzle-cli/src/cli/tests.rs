//! The command line against the library's one description of the settings.

use clap::CommandFactory;
use npuzzle_settings::{FIELDS, Kind, Value};

/// Every setting of the library's one description is a flag of `npuzzle solve`, with the
/// description's name for its value and the library's default.
#[test]
fn solve_takes_every_setting_as_described() {
    let command = super::Cli::command();
    let solve = command.find_subcommand("solve").expect("npuzzle solve");
    for field in FIELDS {
        let arg = solve
            .get_arguments()
            .find(|a| a.get_long() == Some(field.flag))
            .unwrap_or_else(|| panic!("npuzzle solve has no --{}", field.flag));
        let names: Vec<String> = arg
            .get_value_names()
            .unwrap_or_default()
            .iter()
            .map(ToString::to_string)
            .collect();
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        match field.kind {
            Kind::Switch => assert!(!arg.get_action().takes_values(), "--{}", field.flag),
            _ => assert_eq!(names, [field.value], "--{}", field.flag),
        }
        match field.default() {
            // A switch is off unless given.
            Value::Absent | Value::Switch(false) => {
                assert!(defaults.is_empty(), "--{}", field.flag)
            }
            value => assert_eq!(defaults, [value.to_string()], "--{}", field.flag),
        }
    }
}
