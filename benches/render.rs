//! Rendering N diagnostics of one file, one per line, in `human` (miette) and `plain`
//! (codespan-reporting): the time must grow linearly with N (issue 11: 20,000 diagnostics took
//! 56 s in `human`, 2.3 s in `plain`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use xqreg::diagnostics::render::{self, Format, Options};
use xqreg::diagnostics::source::SourceFile;
use xqreg::diagnostics::{registry, Diagnostic, Lang, Msg};
use xqreg::driver::FileReport;
use xqreg_grammar::Span;

/// A file of `n` lines `stage sI { time nosuchI }`, each with an error on its time control.
fn report(n: usize) -> Option<FileReport> {
    let code = registry::lookup("E102")?;
    let mut text = String::new();
    let mut diagnostics = Vec::new();
    for i in 0..n {
        let line = format!("stage s{i} \"第{i}阶段\" {{ swiss cxa rounds 2 time nosuch{i} }}\n");
        let at = text.len() + line.find("nosuch")?;
        let end = at + format!("nosuch{i}").len();
        text.push_str(&line);
        let span = Span::new(at, end);
        let d = Diagnostic::new(
            code,
            Msg::new(format!("unknown time control `nosuch{i}`"), "未知的用时"),
            span,
            Msg::new("not declared", "未声明"),
        )
        .with_help(Msg::new("known names: `standard`", "已知名称：`standard`"));
        diagnostics.push(d);
    }
    Some(FileReport {
        source: SourceFile::new("bench.xqr", text),
        diagnostics,
    })
}

fn bench_render(c: &mut Criterion) {
    let mut group = c.benchmark_group("render");
    group.sample_size(10);
    for n in [1000, 4000] {
        let Some(r) = report(n) else { return };
        let reports = std::slice::from_ref(&r);
        let opts = Options {
            lang: Lang::En,
            color: false,
        };
        for (name, format) in [("human", Format::Human), ("plain", Format::Plain)] {
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
                b.iter(|| render::render(format, std::hint::black_box(reports), opts))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
