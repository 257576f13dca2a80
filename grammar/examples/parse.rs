//! Parse a file and print the errors and a summary of the items: `cargo run -p xqreg-grammar --example parse FILE`.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse FILE");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    // `--repeat N` parses N times (for timing with `time`).
    let args: Vec<String> = std::env::args().collect();
    let repeat = args
        .iter()
        .position(|a| a == "--repeat")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1);
    for _ in 1..repeat {
        std::hint::black_box(xqreg_grammar::parse_bytes(&bytes));
    }
    let parsed = xqreg_grammar::parse_bytes(&bytes);
    let text = String::from_utf8_lossy(&bytes);
    for e in &parsed.errors {
        let line = text
            .get(..e.span.start as usize)
            .map_or(0, |t| t.matches('\n').count())
            + 1;
        println!(
            "line {line}: {:?} at {:?} {:?}",
            e.kind,
            e.span,
            text.get(e.span.range())
        );
    }
    if std::env::args().any(|a| a == "--tree") {
        println!("{:#?}", parsed.file.items);
    } else {
        for item in &parsed.file.items {
            let s = format!("{item:?}");
            println!("{}", s.chars().take(100).collect::<String>());
        }
    }
    println!(
        "{} items, {} comments, {} errors",
        parsed.file.items.len(),
        parsed.file.comments.len(),
        parsed.errors.len()
    );
}
