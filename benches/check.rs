//! Parse + check of each example, the whole front end `xqreg check` runs per file (without
//! rendering). The largest example must stay well under 2 ms.

use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn examples() -> Vec<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.parent().unwrap_or(manifest).join("examples");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        for f in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if f.path().extension().is_some_and(|e| e == "xqr") {
                out.push(f.path());
            }
        }
    }
    out.sort();
    out
}

fn bench_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse+check");
    for path in examples() {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let name = path
            .strip_prefix(path.parent().and_then(Path::parent).unwrap_or(&path))
            .unwrap_or(&path)
            .display()
            .to_string();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| xqreg::driver::check_bytes("bench.xqr", std::hint::black_box(&bytes)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_check);
criterion_main!(benches);
