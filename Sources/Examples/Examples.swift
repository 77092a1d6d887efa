// The example apps of the seed articles (Todo, Book library, timer, nested
// models), written once for whole-object invalidation (Publishing) and once
// for fine-grained tracking (Tracking), on the Rendering host. Used by the
// tests, the benchmarks and the tutorials. They land with the view host.
