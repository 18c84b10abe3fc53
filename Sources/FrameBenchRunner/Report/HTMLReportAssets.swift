/// The HTML report's style sheet and script, written out inline in every page (``HTMLReport``): no
/// library, nothing fetched. The script draws the charts from the page's JSON (``HTMLReportData``) as
/// SVG and marks the page when it is done.
enum HTMLReportAssets {
    static let style = #"""
        :root { --ink: #1b1f24; --muted: #5b6470; --rule: #d8dde3; --good: #1a7f37; --bad: #cf222e;
          --unsure: #9a6700; --better: #0969da; --absent: #6e7781; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
          margin: 24px auto; max-width: 1400px; padding: 0 16px; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
        header p { margin: 2px 0; color: var(--muted); }
        .totals { font-weight: 600; color: var(--ink) !important; }
        .banner { color: #fff !important; background: var(--bad); padding: 6px 10px; font-weight: 600; }
        .caption, .note { color: var(--muted); margin: 4px 0; }
        div.table { overflow-x: auto; margin: 8px 0 18px; }
        table { border-collapse: collapse; font-size: 12.5px; }
        th, td { padding: 3px 8px; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: top; }
        th { background: #f3f5f7; font-weight: 600; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.sub { padding-left: 24px; color: var(--muted); }
        td.good { color: var(--good); font-weight: 600; }
        td.bad { color: var(--bad); font-weight: 600; }
        td.unsure { color: var(--unsure); font-weight: 600; }
        td.better { color: var(--better); font-weight: 600; }
        td.absent { color: var(--absent); }
        tbody tr:nth-child(even) { background: #fafbfc; }
        figure.chart { margin: 12px 0 24px; }
        figcaption { font-weight: 600; margin-bottom: 4px; }
        svg text { font: 11px system-ui, sans-serif; fill: var(--ink); }
        svg .axis text { fill: var(--muted); }
        """#

    static let script = #"""
        (function () {
          "use strict";
          const root = document.documentElement;
          const problems = [];
          function problem(text) {
            problems.push(text);
            root.setAttribute("data-bench-status", "error");
            root.setAttribute("data-bench-errors", problems.join(" | "));
          }
          window.addEventListener("error", (event) => problem("script error: " + event.message));
          document.addEventListener("securitypolicyviolation", (event) =>
            problem("blocked load of " + event.blockedURI + " (" + event.violatedDirective + ")"));
          const SVG = "http://www.w3.org/2000/svg";
          function node(name, attributes, parent, text) {
            const element = document.createElementNS(SVG, name);
            for (const key in attributes) element.setAttribute(key, attributes[key]);
            if (text !== undefined) element.textContent = text;
            if (parent) parent.appendChild(element);
            return element;
          }
          function value(v) {
            if (v === "inf") return Infinity;
            if (v === "-inf") return -Infinity;
            if (v === "nan") return NaN;
            return v;
          }
          function digits(x) {
            const a = Math.abs(x);
            return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : x.toPrecision(3);
          }
          function time(ns) {
            if (ns < 999.5) return digits(ns) + " ns";
            if (ns < 999500) return digits(ns / 1e3) + " µs";
            if (ns < 999500000) return digits(ns / 1e6) + " ms";
            return digits(ns / 1e9) + " s";
          }
          function percent(f) {
            if (!isFinite(f)) return f > 0 ? "+∞" : "−∞";
            return (f >= 0 ? "+" : "") + digits(f * 100) + " %";
          }
          const colours = { regressed: "#cf222e", improved: "#0969da", unchanged: "#1a7f37",
            "within noise": "#9a6700", "not counted": "#6e7781" };
          const width = 1000, labelWidth = 360, right = 24, rowHeight = 20, top = 34;
          const plotWidth = width - labelWidth - right;
          function label(svg, text, y) {
            const shown = text.length > 58 ? text.slice(0, 57) + "…" : text;
            const t = node("text", { x: labelWidth - 8, y: y + 4, "text-anchor": "end" }, svg, shown);
            node("title", {}, t, text);
          }

          function drawDistributions(chart, axis) {
            const height = top + chart.rows.length * rowHeight + 24;
            const svg = node("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height,
              role: "img", class: "bench-chart" });
            const x = (ns) => labelWidth + (Math.log10(Math.max(ns, Math.pow(10, axis.low))) - axis.low) /
              (axis.high - axis.low) * plotWidth;
            const ticks = node("g", { class: "axis" }, svg);
            for (let d = axis.low; d <= axis.high; d++) {
              const px = x(Math.pow(10, d));
              node("line", { x1: px, x2: px, y1: top - 6, y2: height - 22, stroke: "#eef0f2" }, ticks);
              node("text", { x: px, y: top - 10, "text-anchor": "middle" }, ticks, time(Math.pow(10, d)));
            }
            data.budgets.slice().sort((a, b) => a.nanoseconds - b.nanoseconds).forEach((budget, i) => {
              const px = x(budget.nanoseconds);
              const colour = i === 0 ? "#cf222e" : "#e36209";
              node("line", { x1: px, x2: px, y1: top - 4, y2: height - 18, stroke: colour,
                "stroke-dasharray": "5 3", "stroke-width": 1.5 }, svg);
              // The shorter budget's label to the left of its line, the longer one's to the right.
              const last = i === data.budgets.length - 1 && data.budgets.length > 1;
              node("text", { x: last ? px + 4 : px - 4, y: height - 6, "text-anchor": last ? "start" : "end",
                fill: colour }, svg, budget.hertz + " Hz: " + time(budget.nanoseconds));
            });
            chart.rows.forEach((row, i) => {
              const y = top + i * rowHeight + rowHeight / 2;
              const p = row.percentiles.map(value);
              const g = node("g", { class: "row " + row.kind }, svg);
              node("title", {}, g, row.label + " (" + row.detail + "): p0 " + time(p[0]) + ", p25 " + time(p[1]) +
                ", p50 " + time(p[2]) + ", p75 " + time(p[3]) + ", p90 " + time(p[4]) + ", p99 " + time(p[5]) +
                ", p99.9 " + time(p[6]) + ", p100 " + time(p[7]));
              label(g, row.label, y);
              const h = row.histogram;
              const most = Math.max(1, ...h.counts);
              const step = (h.high - h.low) / Math.max(h.counts.length, 1);
              h.counts.forEach((count, k) => {
                if (count === 0) return;
                const x0 = x(Math.pow(10, h.low + k * step)), x1 = x(Math.pow(10, h.low + (k + 1) * step));
                const bar = (rowHeight - 4) * count / most;
                node("rect", { x: x0, y: y - bar / 2, width: Math.max(x1 - x0, 1), height: bar,
                  fill: row.kind === "reference" ? "#e1e4e8" : "#c8ddf0" }, g);
              });
              const ink = row.kind === "reference" ? "#6e7781" : "#0a3069";
              node("line", { x1: x(p[0]), x2: x(p[7]), y1: y, y2: y, stroke: ink, "stroke-width": 1 }, g);
              node("rect", { x: x(p[1]), y: y - 4, width: Math.max(x(p[3]) - x(p[1]), 1), height: 8,
                fill: row.kind === "reference" ? "#afb8c1" : "#54aeff", stroke: ink, "stroke-width": 0.8 }, g);
              node("line", { x1: x(p[2]), x2: x(p[2]), y1: y - 7, y2: y + 7, stroke: ink, "stroke-width": 2.5 }, g);
              node("circle", { cx: x(p[5]), cy: y, r: 3.2,
                fill: row.overAt.length > 0 ? "#cf222e" : ink }, g);
            });
            return svg;
          }

          function drawDeltas(chart) {
            const height = top + chart.rows.length * rowHeight + 8;
            const svg = node("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height,
              role: "img", class: "bench-chart" });
            let span = chart.threshold * 3;
            chart.rows.forEach((row) => [row.change, row.lower, row.upper].map(value).forEach((v) => {
              if (v !== undefined && v !== null && isFinite(v)) span = Math.max(span, Math.abs(v));
            }));
            span = Math.min(span * 1.1, 1);
            const x = (f) => labelWidth + (Math.max(-span, Math.min(span, f)) + span) / (2 * span) * plotWidth;
            if (chart.noise > chart.threshold) {
              node("rect", { x: x(-chart.noise), y: top - 4, width: x(chart.noise) - x(-chart.noise),
                height: height - top - 8, fill: "#fff8c5" }, svg);
            }
            node("rect", { x: x(-chart.threshold), y: top - 4, width: x(chart.threshold) - x(-chart.threshold),
              height: height - top - 8, fill: "#dafbe1" }, svg);
            const steps = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5];
            const tick = steps.find((s) => span / s <= 5) || 0.5;
            const ticks = node("g", { class: "axis" }, svg);
            const most = Math.floor(span / tick + 1e-9);
            for (let k = -most; k <= most; k++) {
              const f = k * tick;
              node("line", { x1: x(f), x2: x(f), y1: top - 6, y2: height - 8,
                stroke: k === 0 ? "#8c959f" : "#eef0f2" }, ticks);
              node("text", { x: x(f), y: top - 10, "text-anchor": "middle" }, ticks, k === 0 ? "0" : percent(f));
            }
            chart.rows.forEach((row, i) => {
              const y = top + i * rowHeight + rowHeight / 2;
              const g = node("g", { class: "row" }, svg);
              const change = value(row.change);
              node("title", {}, g, row.label + ": " + percent(change) + ", " + row.verdict + " (" + row.detail + ")");
              label(g, row.label, y);
              const colour = row.reference ? "#afb8c1" : colours[row.verdict] || "#6e7781";
              if (row.lower !== undefined && row.lower !== null) {
                node("line", { x1: x(value(row.lower)), x2: x(value(row.upper)), y1: y, y2: y, stroke: colour,
                  "stroke-width": 2 }, g);
              }
              const clipped = !isFinite(change) || Math.abs(change) > span;
              if (clipped) {
                const px = x(change > 0 ? span : -span), d = change > 0 ? -7 : 7;
                node("path", { d: "M" + px + " " + y + " l" + d + " -5 l0 10 z", fill: colour }, g);
              } else {
                node("circle", { cx: x(change), cy: y, r: 4, fill: colour }, g);
              }
            });
            return svg;
          }

          let data;
          let drawn = 0;
          try {
            data = JSON.parse(document.getElementById("bench-data").textContent);
            let lowest = Infinity, highest = 0;
            data.distributions.forEach((chart) => chart.rows.forEach((row) => {
              const p = row.percentiles.map(value);
              if (p[0] > 0) lowest = Math.min(lowest, p[0]);
              highest = Math.max(highest, p[7]);
            }));
            data.budgets.forEach((budget) => { highest = Math.max(highest, budget.nanoseconds); });
            const axis = { low: Math.floor(Math.log10(isFinite(lowest) ? lowest : 1)),
              high: Math.ceil(Math.log10(highest * 1.5)) };
            const charts = data.distributions.map((chart) => [chart, () => drawDistributions(chart, axis)])
              .concat(data.deltas.map((chart) => [chart, () => drawDeltas(chart)]));
            charts.forEach(([chart, draw]) => {
              const figure = document.getElementById(chart.id);
              if (!figure) { problem("no place for chart " + chart.id); return; }
              figure.appendChild(draw());
              drawn += 1;
            });
          } catch (error) {
            problem("script error: " + error);
          }
          document.querySelectorAll("figure.chart").forEach((figure) => {
            if (!figure.querySelector("svg")) problem("chart " + figure.id + " was not drawn");
          });
          const expected = Number(root.getAttribute("data-bench-expected-charts"));
          if (drawn !== expected) problem(drawn + " charts drawn of " + expected);
          if (!document.getElementById("table-targets") && document.getElementById("targets")) {
            problem("the targets table is missing");
          }
          root.setAttribute("data-bench-charts", String(drawn));
          if (problems.length === 0) root.setAttribute("data-bench-status", "ok");
        })();
        """#
}
