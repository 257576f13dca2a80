// Open every page of published event sites in headless Chromium and report what it sees, as
// JSON on stdout: the standings tables, the bracket SVGs as laid out, the language switch's
// target, the page's width against the window (at 1200 and 390 px), and every console error,
// uncaught exception, failed or external request. Driven by tests/suite/event_browser.rs.
//
// No npm package: Chromium's DevTools protocol over a pipe (--remote-debugging-pipe, fds 3 and
// 4, NUL-terminated JSON), so nothing is installed and no port is opened.
//
// Usage: node site_check.mjs CHROMIUM PROFILE_DIR check SITE_DIR...
//        node site_check.mjs CHROMIUM PROFILE_DIR screenshot PAGE.html OUT.png WIDTH HEIGHT
import { spawn } from "node:child_process";
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [chromium, profile, mode, ...rest] = process.argv.slice(2);
const browser = spawn(
  chromium,
  [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    `--user-data-dir=${profile}`,
    "--remote-debugging-pipe",
    "about:blank",
  ],
  { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
);
let stderr = "";
browser.stdio[2].on("data", (d) => (stderr += d));
const toBrowser = browser.stdio[3];
const fromBrowser = browser.stdio[4];

let nextId = 1;
const waiting = new Map();
const listeners = [];
let buffer = "";
fromBrowser.on("data", (chunk) => {
  buffer += chunk.toString("utf8");
  let end;
  while ((end = buffer.indexOf("\0")) >= 0) {
    const msg = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    if (msg.id && waiting.has(msg.id)) {
      const { ok, fail } = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) fail(new Error(`${msg.error.message} (${JSON.stringify(msg.error)})`));
      else ok(msg.result);
    } else if (msg.method) {
      for (const l of listeners) l(msg);
    }
  }
});

function send(method, params = {}, sessionId) {
  const id = nextId++;
  const msg = { id, method, params };
  if (sessionId) msg.sessionId = sessionId;
  toBrowser.write(JSON.stringify(msg) + "\0");
  return new Promise((ok, fail) => waiting.set(id, { ok, fail }));
}

function once(method, sessionId, timeoutMs = 30000) {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`timed out waiting for ${method}`)), timeoutMs);
    const l = (msg) => {
      if (msg.method === method && msg.sessionId === sessionId) {
        clearTimeout(timer);
        listeners.splice(listeners.indexOf(l), 1);
        ok(msg.params);
      }
    };
    listeners.push(l);
  });
}

async function openTab() {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  for (const d of ["Page", "Runtime", "Log", "Network"]) await send(`${d}.enable`, {}, sessionId);
  return sessionId;
}

async function setWidth(s, width, height) {
  await send(
    "Emulation.setDeviceMetricsOverride",
    { width, height, deviceScaleFactor: 1, mobile: width < 600 },
    s,
  );
}

async function load(s, file) {
  const loaded = once("Page.loadEventFired", s);
  const nav = await send("Page.navigate", { url: pathToFileURL(file).href }, s);
  if (nav.errorText) throw new Error(`${file}: ${nav.errorText}`);
  await loaded;
}

// What the page shows, measured in the browser.
const probe = `(() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const lang = document.querySelector("a.lang");
  return {
    url: location.href,
    refresh: document.readyState !== "complete" ||
      (!!document.querySelector("meta[http-equiv=refresh]") && !location.href.endsWith("/zh/index.html")),
    lang: document.documentElement.lang,
    title: document.title,
    standings: all("table.standings").map((t) => ({
      rows: t.tBodies[0] ? t.tBodies[0].rows.length : 0,
      columns: t.tHead ? t.tHead.rows[0].cells.length : 0,
      height: t.getBoundingClientRect().height,
    })),
    svgs: all("svg.bracket").map((s) => {
      const r = s.getBoundingClientRect();
      const b = s.getBBox();
      return {
        width: r.width, height: r.height, bboxWidth: b.width, bboxHeight: b.height,
        boxes: s.querySelectorAll("g.match").length,
        drawnTexts: [...s.querySelectorAll("text")].filter((t) => t.getComputedTextLength() > 0).length,
        texts: s.querySelectorAll("text").length,
      };
    }),
    langSwitch: lang ? lang.href : null,
    pageWidth: document.documentElement.scrollWidth,
    windowWidth: window.innerWidth,
  };
})()`;

function pagesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...pagesUnder(p));
    else if (name.endsWith(".html")) out.push(p);
  }
  return out;
}

async function check(sites) {
  const s = await openTab();
  let problems = [];
  listeners.push((msg) => {
    if (msg.sessionId !== s) return;
    const p = msg.params;
    switch (msg.method) {
      case "Runtime.consoleAPICalled":
        if (p.type === "error" || p.type === "warning" || p.type === "assert")
          problems.push(`console.${p.type}: ${p.args.map((a) => a.value ?? a.description).join(" ")}`);
        break;
      case "Runtime.exceptionThrown":
        problems.push(`exception: ${p.exceptionDetails.text}`);
        break;
      case "Log.entryAdded":
        if (p.entry.level === "error" || p.entry.level === "warning")
          problems.push(`log ${p.entry.level}: ${p.entry.text} ${p.entry.url ?? ""}`);
        break;
      case "Network.loadingFailed":
        problems.push(`failed request: ${p.errorText} ${p.type ?? ""}`);
        break;
      case "Network.requestWillBeSent":
        if (!/^(file|data|about):/.test(p.request.url)) problems.push(`external request: ${p.request.url}`);
        break;
    }
  });
  const report = {};
  for (const site of sites) {
    for (const file of pagesUnder(site)) {
      const rel = `${site}::${file.slice(site.length + 1)}`;
      const entry = {};
      for (const [width, height] of [[1200, 900], [390, 844]]) {
        problems = [];
        await setWidth(s, width, height);
        await load(s, file);
        // SITE/index.html leads on to zh/ (meta refresh): probe the page it settles on.
        let seen = null;
        for (let attempt = 0; attempt < 20 && !seen; attempt++) {
          // A refresh may navigate away while the probe runs ("Inspected target navigated"):
          // that try counts as unsettled, and the probe runs again on the page it led to.
          const { result, exceptionDetails } = await send(
            "Runtime.evaluate",
            { expression: probe, returnByValue: true },
            s,
          ).catch((e) => ({ exceptionDetails: String(e) }));
          const v = result && result.value;
          if (!exceptionDetails && v && !v.refresh) seen = v;
          else await new Promise((ok) => setTimeout(ok, 100));
        }
        if (!seen) problems.push("probe failed: the page never settled");
        entry[width] = { ...(seen || {}), problems };
      }
      report[rel] = entry;
    }
  }
  return report;
}

async function screenshot(page, out, width, height) {
  const s = await openTab();
  await setWidth(s, Number(width), Number(height));
  await load(s, resolve(page));
  const { data } = await send("Page.captureScreenshot", { format: "png" }, s);
  writeFileSync(out, Buffer.from(data, "base64"));
  return { wrote: out };
}

try {
  await send("Target.setDiscoverTargets", { discover: false });
  const result = mode === "screenshot" ? await screenshot(...rest) : await check(rest);
  process.stdout.write(JSON.stringify(result, null, 1) + "\n");
  await send("Browser.close").catch(() => {});
  process.exitCode = 0;
} catch (e) {
  process.stderr.write(`site_check: ${e.stack}\n${stderr}\n`);
  browser.kill("SIGKILL");
  process.exitCode = 1;
}
