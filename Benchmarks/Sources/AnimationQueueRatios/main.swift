// Runs each workload next to its baseline in the same process and prints the ratio table
// that Benchmarks/README.md records. Release builds only:
//
//     swift run -c release AnimationQueueRatios [--quick]
import BenchmarkWorkloads
import Foundation

let quick = CommandLine.arguments.contains("--quick")
/// `--only scheduler|scale|engine` runs one section.
let only: String? = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
func wants(_ section: String) -> Bool { only == nil || only == section }
let repeats = quick ? 1 : 5

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Runs `body` `times` times (after one warm-up) and keeps the run with the median time.
@MainActor
func medianRun(_ times: Int, warmUp: Bool = true, _ body: () async -> GraphRun) async -> GraphRun {
    if warmUp { _ = await body() }
    var runs: [GraphRun] = []
    for _ in 0..<times { runs.append(await body()); FileHandle.standardError.write(".".data(using: .utf8)!) }
    return runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
}

func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
func row(_ cells: String...) { print("| " + cells.joined(separator: " | ") + " |") }

@MainActor
func main() async {
    print("AnimationQueue benchmarks, \(ISO8601DateFormatter().string(from: Date()))")
    HeapProbe.startCounting()
    print("malloc counting: \(HeapProbe.isCounting ? "on" : "OFF (interposer not loaded)")")
    print("")

    if wants("scheduler") { await perStep() }
    if wants("scale") { await scale() }
    if wants("engine") { engine() }
}

@MainActor
func perStep() async {
    // 1. Per-step overhead of a chain.
    let n = 1_000
    let chain = GraphSpec.chain(n)
    let aq = await medianRun(repeats) { await SchedulerWorkloads.animationQueue(chain) }
    let pingPong = await medianRun(repeats) { await SchedulerWorkloads.mainQueuePingPong(n) }
    let blocks = await medianRun(repeats) { await SchedulerWorkloads.blockOperations(chain) }
    let nested = await medianRun(repeats) { await SchedulerWorkloads.nestedTransactions(n) }
    // A plan run that does not finish within a minute is reported, not waited for.
    var planHung = 0
    var planRuns: [GraphRun] = []
    for attempt in 0...repeats {
        guard let run = await SchedulerWorkloads.planChain(n) else { planHung += 1; continue }
        if attempt > 0 || repeats == 0 { planRuns.append(run) }  // the first is the warm-up
    }
    let plan = planRuns.sorted { $0.seconds < $1.seconds }.dropFirst(planRuns.count / 2).first
    print("## Per-step overhead: chain of \(n) one-step animations, zero-length gaps, median of \(repeats)")
    print("")
    row("workload", "µs/step", "mallocs/step", "AQ / this")
    row("---", "---:", "---:", "---:")
    row("AQ chain (AnimationOperation + AnimationQueue)", f(aq.secondsPerOp * 1e6), f(aq.mallocsPerOp, 1), "1.00")
    if let plan {
        row("AQ plan (Serial steps, AnimationQueue.run)", f(plan.secondsPerOp * 1e6), f(plan.mallocsPerOp, 1), f(aq.secondsPerOp / plan.secondsPerOp))
    }
    if planHung > 0 {
        row("AQ plan: runs that never finished (stopped after 60 s)", "\(planHung) of \(repeats + 1)", "–", "–")
    }
    row("(a) DispatchQueue.main.async ping-pong", f(pingPong.secondsPerOp * 1e6), f(pingPong.mallocsPerOp, 1), f(aq.secondsPerOp / pingPong.secondsPerOp))
    row("(b) BlockOperation chain on OperationQueue", f(blocks.secondsPerOp * 1e6), f(blocks.mallocsPerOp, 1), f(aq.secondsPerOp / blocks.secondsPerOp))
    row("(c) nested CATransaction completion blocks", f(nested.secondsPerOp * 1e6), f(nested.mallocsPerOp, 1), f(aq.secondsPerOp / nested.secondsPerOp))
    print("")
    print("Targets: AQ/(a) ≤ 3 → \(f(aq.secondsPerOp / pingPong.secondsPerOp)); AQ/(b) ≤ 1.5 → \(f(aq.secondsPerOp / blocks.secondsPerOp))")
    print("")
}

@MainActor
func scale() async {
    // 2. Scale.
    print("## Scale: time and pending memory per operation")
    print("")
    row("graph", "ops", "µs/op", "× vs 1k", "pending B/op (requested)", "pending B/op (+16 B/block)", "mallocs/op")
    row("---", "---:", "---:", "---:", "---:", "---:", "---:")
    let chainSizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
    var chainBase: Double?
    var lastPerOp: Double?
    for size in chainSizes {
        if size >= 100_000, let base = chainBase, let last = lastPerOp, last > 3 * base {
            let minutes = last * Double(size) * Double(size) / 10_000 / 60
            row("AQ chain", "\(size)", "skipped: time per op grows with size (×\(f(last / base)) at 10k); projected ≈ \(f(minutes, 0)) min", "–", "–", "–", "–")
            continue
        }
        let run = await medianRun(size >= 10_000 ? 1 : min(repeats, 3), warmUp: size < 10_000) { await SchedulerWorkloads.animationQueue(.chain(size)) }
        let base = chainBase ?? run.secondsPerOp
        chainBase = base
        lastPerOp = run.secondsPerOp
        row("AQ chain", "\(size)", f(run.secondsPerOp * 1e6), f(run.secondsPerOp / base),
            f(run.pendingRequestedBytesPerOp, 0), f(run.pendingHeapBytesPerOp, 0), f(run.mallocsPerOp, 1))
    }
    var dagBase: Double?
    for size in [1_000, 10_000] {
        let run = await medianRun(size >= 10_000 ? 1 : min(repeats, 3), warmUp: size < 10_000) { await SchedulerWorkloads.animationQueue(.randomDAG(size)) }
        let base = dagBase ?? run.secondsPerOp
        dagBase = base
        row("AQ random DAG, 100 layers", "\(size)", f(run.secondsPerOp * 1e6), f(run.secondsPerOp / base),
            f(run.pendingRequestedBytesPerOp, 0), f(run.pendingHeapBytesPerOp, 0), f(run.mallocsPerOp, 1))
    }
    let blockDAG = await medianRun(1, warmUp: false) { await SchedulerWorkloads.blockOperations(.randomDAG(10_000)) }
    row("(b) BlockOperation random DAG", "10000", f(blockDAG.secondsPerOp * 1e6), "–",
        f(blockDAG.pendingRequestedBytesPerOp, 0), f(blockDAG.pendingHeapBytesPerOp, 0), f(blockDAG.mallocsPerOp, 1))
    print("")
}

func engine() {
    // 3. Engine.
    print("## Engine: presentation evaluation per 120 Hz frame (budget 8.33 ms, one core)")
    print("")
    print("presentation(): a presentation layer object per layer, values read back (what code using the API pays).")
    print("render: the same evaluation into each layer's values without layer objects (what a render server does per frame).")
    print("")
    row("animation", "layers", "presentation() ms/frame", "µs/layer", "frame / budget", "render ms/frame", "µs/layer", "frame / budget")
    row("---", "---:", "---:", "---:", "---:", "---:", "---:", "---:")
    let budget = 1.0 / 120
    for kind in EngineWorkloads.Kind.allCases {
        for count in [1_000, 10_000] {
            let (perFrame, render) = EngineWorkloads.secondsPerFrame(layers: count, kind: kind, frames: quick ? 5 : 21)
            row(kind.rawValue, "\(count)", f(perFrame * 1e3, 3), f(perFrame / Double(count) * 1e6, 3), f(perFrame / budget),
                f(render * 1e3, 3), f(render / Double(count) * 1e6, 3), f(render / budget))
        }
    }
    print("")
    let evaluations = 5_000_000
    let timing = median((0..<5).map { _ in EngineWorkloads.timingFunctionNanoseconds(evaluations: evaluations) })
    let lerp = median((0..<5).map { _ in EngineWorkloads.lerpNanoseconds(evaluations: evaluations) })
    row("evaluation", "ns", "÷ lerp")
    row("---", "---:", "---:")
    row("CAMediaTimingFunction(.easeInEaseOut)", f(timing, 1), f(timing / lerp, 1))
    row("lerp a + (b − a)·t (baseline)", f(lerp, 1), "1.0")
}

await main()
exit(0)
