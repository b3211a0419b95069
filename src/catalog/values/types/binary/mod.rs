//! Binary values (`Binary('aGVsbG8=')`), as Puppet's `PBinaryType::Binary`:
//! bytes, written as strict Base64 and read from Base64 in Ruby's
//! flavours (`%B` strict, `%b` relaxed, `%u` URL-safe) or from a string's
//! bytes (`%s`, `%r`).

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Strict Base64 with padding (Ruby's `Base64.strict_encode64`).
pub fn encode64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Ruby's `Base64.encode64`: lines of 60 characters, each ended by a
/// line feed.
pub fn encode64_relaxed(bytes: &[u8]) -> String {
    let strict = encode64(bytes);
    let mut out = String::with_capacity(strict.len() + strict.len() / 60 + 1);
    for line in strict.as_bytes().chunks(60) {
        out.push_str(std::str::from_utf8(line).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// Ruby's `Base64.urlsafe_encode64`: `-` and `_` for `+` and `/`.
pub fn encode64_urlsafe(bytes: &[u8]) -> String {
    encode64(bytes).replace('+', "-").replace('/', "_")
}

/// Ruby's `unpack1('m')` (`Base64.decode64`): the alphabet's characters
/// read, anything else skipped, stopping at padding.
pub fn decode64_lenient(text: &str) -> Vec<u8> {
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes() {
        if c == b'=' {
            break;
        }
        let Some(value) = ALPHABET.iter().position(|&b| b == c) else {
            continue;
        };
        bits = bits << 6 | value as u32;
        count += 1;
        if count == 4 {
            out.extend([(bits >> 16) as u8, (bits >> 8) as u8, bits as u8]);
            bits = 0;
            count = 0;
        }
    }
    match count {
        2 => out.push((bits >> 4) as u8),
        3 => out.extend([(bits >> 10) as u8, (bits >> 2) as u8]),
        _ => {}
    }
    out
}

/// Ruby's `unpack1('m0')` (`Base64.strict_decode64`): padded Base64 of
/// the alphabet only.
pub fn decode64_strict(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(4) {
        return None;
    }
    let body = text.trim_end_matches('=');
    if text.len() - body.len() > 2 || !body.bytes().all(|b| ALPHABET.contains(&b)) {
        return None;
    }
    let decoded = decode64_lenient(body);
    (encode64(&decoded) == text).then_some(decoded)
}

/// Ruby's `Base64.urlsafe_decode64`: padding added where it is missing.
pub fn decode64_urlsafe(text: &str) -> Option<Vec<u8>> {
    let mut standard = text.replace('-', "+").replace('_', "/");
    if !text.ends_with('=') && !standard.len().is_multiple_of(4) {
        let missing = 4 - standard.len() % 4;
        standard.extend(std::iter::repeat_n('=', missing));
    }
    decode64_strict(&standard)
}

/// The base64 formats `Binary.new` reads (Puppet's `Base64Format`).
pub const FORMATS: &str = "Enum['%b', '%u', '%B', '%s', '%r']";

/// The bytes `text` stands for in `format` (Puppet's
/// `Binary.new(str, format)`, `%B` by default), or Ruby's words.
pub fn from_string(text: &str, format: Option<&str>) -> Result<Vec<u8>, String> {
    match format.unwrap_or("%B") {
        "%b" => {
            let padding = "=".repeat(text.chars().count() % 3);
            Ok(decode64_lenient(&format!("{text}{padding}")))
        }
        "%u" => decode64_urlsafe(text).ok_or_else(|| "invalid base64".to_string()),
        "%B" => decode64_strict(text).ok_or_else(|| "invalid base64".to_string()),
        "%s" | "%r" => Ok(text.as_bytes().to_vec()),
        other => Err(format!("Unsupported Base64 format '{other}'")),
    }
}

/// `binary[index]` and `binary[from, count]` in bytes: Puppet slices
/// the bytes as it slices a string's characters.
pub fn slice(bytes: &[u8], from: i64, count: i64) -> Vec<u8> {
    super::array::slice_range(bytes.len(), from, count)
        .map(|range| bytes[range].to_vec())
        .unwrap_or_default()
}
