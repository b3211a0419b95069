//! Compiles the generated parser and the external scanner.

fn main() {
    let src_dir = std::path::Path::new("src");

    let mut build = cc::Build::new();
    build
        .std("c11")
        .include(src_dir)
        // The generated lexer is one large state machine: unoptimised it
        // parses several times slower, and tests run in the dev profile.
        .opt_level(2)
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-unused-but-set-variable")
        .flag_if_supported("-Wno-trigraphs");

    for file in ["parser.c", "scanner.c"] {
        let path = src_dir.join(file);
        build.file(&path);
        println!("cargo:rerun-if-changed={}", path.display());
    }
    build.compile("tree-sitter-puppet-pfacts");
}
