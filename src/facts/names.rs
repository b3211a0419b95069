//! Puppet's qualified names (`a::b::c`, `::top`) taken apart on the
//! extractor's hot path: with byte and prefix tests rather than substring
//! searchers, whose set-up costs more than a short name.

/// `name` without its leading `::` (the top scope's prefix).
pub fn absolute(mut name: &str) -> &str {
    while let Some(rest) = name.strip_prefix("::") {
        name = rest;
    }
    name
}

/// Where the last `::` of `name` starts.
pub fn last_separator(name: &str) -> Option<usize> {
    let bytes = name.as_bytes();
    let mut end = bytes.len();
    while let Some(colon) = memchr::memrchr(b':', &bytes[..end]) {
        if colon > 0 && bytes[colon - 1] == b':' {
            return Some(colon - 1);
        }
        end = colon;
    }
    None
}

/// The first segment of `name` and the rest after its first `::`.
pub fn split_first(name: &str) -> (&str, Option<&str>) {
    let bytes = name.as_bytes();
    let mut start = 0;
    while let Some(colon) = memchr::memchr(b':', &bytes[start..]).map(|at| start + at) {
        if bytes.get(colon + 1) == Some(&b':') {
            return (&name[..colon], Some(&name[colon + 2..]));
        }
        start = colon + 1;
    }
    (name, None)
}

/// `name` in lower case, as Ruby's `downcase`: names are mostly ASCII.
pub fn lowercase(name: &str) -> String {
    if name.is_ascii() {
        name.to_ascii_lowercase()
    } else {
        name.to_lowercase()
    }
}

/// `apache::vhost` as Puppet writes its references: `Apache::Vhost`.
pub fn capitalize(type_name: &str) -> String {
    type_name
        .split("::")
        .map(|segment| {
            let mut chars = segment.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect::<Vec<_>>()
        .join("::")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agree_with_substring_search() {
        for name in [
            "", "a", "::a", "::::a", "a::b", "a::b::c", ":::", "a:b", "a:b::c", "É::Ü",
        ] {
            let expected = name.trim_start_matches("::");
            assert_eq!(absolute(name), expected, "{name}");
            assert_eq!(last_separator(name), name.rfind("::"), "{name}");
            assert_eq!(
                split_first(name),
                match name.split_once("::") {
                    Some((first, rest)) => (first, Some(rest)),
                    None => (name, None),
                },
                "{name}"
            );
            assert_eq!(lowercase(name), name.to_lowercase(), "{name}");
        }
    }
}
