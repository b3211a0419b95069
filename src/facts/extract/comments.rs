//! Comment runs: the `#` lines right above a definition, read back from
//! the text for `@api private`, and skipped by the walk at once.

/// Where the last line of the run of `#` comment lines opened by the
/// comment at `comment` starts, and how many lines follow the first, when
/// any do. Only a comment that opens its line opens a run: the lines after
/// one on a heredoc's header line are the heredoc's body.
pub(super) fn comment_run(text: &[u8], comment: std::ops::Range<usize>) -> Option<(usize, u32)> {
    let line_start =
        memchr::memrchr(b'\n', &text[..comment.start]).map_or(0, |newline| newline + 1);
    if text.get(comment.start) != Some(&b'#')
        || !text[line_start..comment.start]
            .iter()
            .all(|&byte| byte == b' ' || byte == b'\t')
    {
        return None;
    }
    let mut run = None;
    let mut lines: u32 = 0;
    let mut at = comment.end;
    loop {
        while text
            .get(at)
            .is_some_and(|&byte| matches!(byte, b' ' | b'\t' | b'\r' | b'\n'))
        {
            at += 1;
        }
        if text.get(at) != Some(&b'#') {
            return run;
        }
        lines = lines.saturating_add(1);
        run = Some((at, lines));
        at = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |newline| at + newline);
    }
}

/// Whether the doc comment of the definition at `offset` (the `#` lines
/// right above its line, the puppet-strings convention) has an
/// `@api private` tag. Reads back only as far as the comment goes.
pub(super) fn tagged_api_private(text: &str, offset: usize) -> bool {
    let bytes = text.as_bytes();
    let line_start =
        |end: usize| memchr::memrchr(b'\n', &bytes[..end]).map_or(0, |newline| newline + 1);
    let block_end = line_start(offset);
    let mut block_start = block_end;
    while block_start > 0 {
        let start = line_start(block_start - 1);
        if !text[start..block_start].trim_start().starts_with('#') {
            break;
        }
        block_start = start;
    }
    let block = &text[block_start..block_end];
    block.contains("@api")
        && block.lines().any(|line| {
            let mut words = line.trim_start().trim_start_matches('#').split_whitespace();
            words.any(|word| word == "@api") && words.next() == Some("private")
        })
}
