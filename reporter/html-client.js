// The script of conformance.html (inlined by html.ts). Builds every element from the embedded
// report with textContent: no innerHTML, no network. The exchanges come after this script in the
// page (#exchange-data, pooled: reporter/pool.ts); they are read when a check's card first opens.
(() => {
  var DATA = JSON.parse(document.getElementById("report-data").textContent);
  var R = DATA.report;
  var ORDER = DATA.order; // worst first: fail, error, skip, pass
  var SYM = { pass: "✓", fail: "✗", skip: "○", error: "⚠", untested: "·" }; // glyphs every font has (no emoji)
  var KINDS = R.matrix.kinds;
  var TARGETS = R.matrix.targets;
  var MULTI = TARGETS.length > 1;
  var reqs = {};
  R.coverage.requirements.forEach((q) => {
    reqs[q.id] = q;
  });
  var state = { area: "", level: "", outcome: "", text: "" };

  function $(id) {
    return document.getElementById(id);
  }
  function h(tag, props) {
    var el = document.createElement(tag);
    var p = props || {};
    Object.keys(p).forEach((k) => {
      var v = p[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "text") el.textContent = v;
      else if (k === "cls") el.className = v;
      else if (k.slice(0, 2) === "on") el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v);
    });
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c))
        c.forEach((x) => {
          if (x) el.appendChild(typeof x === "string" ? document.createTextNode(x) : x);
        });
      else el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    }
    return el;
  }
  function worst(outcomes) {
    var best = -1;
    outcomes.forEach((o) => {
      var r = ORDER.indexOf(o);
      if (r >= 0 && (best < 0 || r < best)) best = r;
    });
    return best < 0 ? "untested" : ORDER[best];
  }
  function fmtBytes(n) {
    return n < 1024
      ? `${n} B`
      : n < 1048576
        ? `${(n / 1024).toFixed(1)} KiB`
        : `${(n / 1048576).toFixed(1)} MiB`;
  }

  function filtering() {
    return !!(state.level || state.outcome || state.text);
  }
  function matches(i) {
    var c = R.checks[i];
    if (state.area && c.area !== state.area) return false;
    if (state.level && c.level !== state.level) return false;
    if (state.outcome && c.outcome !== state.outcome) return false;
    if (state.text) {
      var hay = [
        c.name,
        c.file,
        c.reason || "",
        c.target || "",
        c.requirementIds.join(" "),
        c.operationIds.join(" "),
      ]
        .join(" ")
        .toLowerCase();
      if (hay.indexOf(state.text) < 0) return false;
    }
    return true;
  }
  function rowMatchesText(row) {
    return (
      !!state.text &&
      `${row.operationId} ${row.method} ${row.path}`.toLowerCase().indexOf(state.text) >= 0
    );
  }

  // ---- matrix
  function cellTd(row, kind, cell, first, label) {
    var idx = cell.checks.filter((i) => matches(i) || (rowMatchesText(row) && passesNonText(i)));
    var o = worst(idx.map((i) => R.checks[i].outcome));
    var tip =
      row.operationId +
      " · " +
      kind +
      (label ? ` · ${label}` : "") +
      ": " +
      o +
      (idx.length ? ` (${idx.length} check${idx.length > 1 ? "s" : ""})` : "");
    var btn = h(
      "button",
      {
        type: "button",
        cls: o,
        title: tip,
        "aria-label": tip,
        "data-op": row.operationId,
        "data-kind": kind,
        "data-outcome": o,
      },
      SYM[o],
      idx.length > 1 ? h("span", { cls: "n", text: String(idx.length) }) : null,
    );
    if (idx.length)
      btn.addEventListener("click", () => {
        showChecks(`${row.operationId} · ${kind}${label ? ` · ${label}` : ""}`, idx);
      });
    return { td: h("td", { cls: `cell${first ? " first" : ""}` }, btn), n: idx.length };
  }
  function passesNonText(i) {
    var c = R.checks[i];
    return (
      (!state.area || c.area === state.area) &&
      (!state.level || c.level === state.level) &&
      (!state.outcome || c.outcome === state.outcome)
    );
  }
  function renderMatrix() {
    var t = $("matrix");
    t.textContent = "";
    var thead = h("thead");
    if (MULTI) {
      thead.appendChild(
        h(
          "tr",
          {},
          h("th", { colspan: "2" }),
          TARGETS.map((tg) =>
            h("th", { colspan: String(KINDS.length), cls: "tgt-head", text: tg }),
          ),
        ),
      );
    }
    var hr = h(
      "tr",
      {},
      h("th", { text: "operation", style: "text-align:left" }),
      h("th", { text: "method and path", style: "text-align:left" }),
    );
    (MULTI ? TARGETS : [null]).forEach(() => {
      KINDS.forEach((k, j) => {
        hr.appendChild(
          h("th", {
            text: MULTI ? k.slice(0, 4) : k,
            title: k,
            cls: j === 0 && MULTI ? "first" : "",
          }),
        );
      });
    });
    thead.appendChild(hr);
    t.appendChild(thead);
    var tbody = h("tbody");
    var area = null,
      shown = 0,
      pending = null;
    R.matrix.rows.forEach((row) => {
      if (state.area && row.area !== state.area) return;
      var tds = [],
        total = 0;
      (MULTI ? TARGETS : [null]).forEach((tg) => {
        KINDS.forEach((k, j) => {
          var cell = tg === null ? row.cells[k] : row.byTarget[tg][k];
          var r = cellTd(row, k, cell, MULTI && j === 0, tg);
          total += r.n;
          tds.push(r.td);
        });
      });
      if (filtering() && total === 0) return;
      if (row.area !== area) {
        area = row.area;
        pending = h(
          "tr",
          { cls: "area" },
          h("td", { colspan: String(2 + KINDS.length * (MULTI ? TARGETS.length : 1)), text: area }),
        );
        tbody.appendChild(pending);
      }
      var name = row.known
        ? h("code", { text: row.operationId })
        : row.operationId === "(area-wide)"
          ? h("em", { text: "not tied to one operation" })
          : h("span", {}, h("code", { text: row.operationId }), " (not in spec)");
      tbody.appendChild(
        h(
          "tr",
          { cls: "op-row", "data-op": row.operationId },
          h("td", { cls: "op" }, name),
          h(
            "td",
            { cls: "path", title: `${row.method} ${row.path}` },
            row.method ? h("span", { cls: "method", text: row.method }) : null,
            row.path,
          ),
          tds,
        ),
      );
      shown++;
    });
    if (!shown)
      tbody.appendChild(
        h(
          "tr",
          {},
          h("td", { cls: "empty", colspan: "99", text: "No operation matches the filters." }),
        ),
      );
    t.appendChild(tbody);
    $("matrix-note").textContent =
      shown +
      " of " +
      R.matrix.rows.length +
      " rows" +
      (filtering() || state.area ? " (filtered)" : "");
  }

  // ---- lists below the matrix
  function checkLink(i) {
    var c = R.checks[i];
    return h(
      "button",
      {
        type: "button",
        cls: "linkish",
        title: c.clause ? `the material: ${quoted(c.clause)}` : null,
        onclick: () => {
          showChecks(c.name, [i]);
        },
      },
      c.name,
    );
  }
  // a list's rows: the first LIST_FIRST drawn at once, the rest in chunks when the page is idle
  // (a long campaign lists tens of thousands); drawing the lists again drops the chunks still due
  var LIST_FIRST = 150;
  var LIST_CHUNK = 400;
  var listGen = 0;
  var later =
    window.requestIdleCallback ||
    ((fn) => {
      setTimeout(fn, 1);
    });
  // rows built when drawn: `row(item)` gives a row's cells
  function lazy(items, row) {
    return { length: items.length, at: (k) => row(items[k]) };
  }
  function listSection(title, head, rows, empty) {
    var tbody = h("tbody");
    var drawn = 0;
    var gen = listGen;
    function draw(n) {
      var end = Math.min(rows.length, drawn + n);
      for (; drawn < end; drawn++)
        tbody.appendChild(
          h(
            "tr",
            {},
            rows.at(drawn).map((x) => h("td", {}, x)),
          ),
        );
      if (drawn < rows.length)
        later(() => {
          if (gen === listGen) draw(LIST_CHUNK);
        });
    }
    draw(LIST_FIRST);
    var body = rows.length
      ? h(
          "table",
          {},
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              head.map((x) => h("th", { text: x })),
            ),
          ),
          tbody,
        )
      : h("div", { cls: "empty", text: empty });
    return h(
      "section",
      {},
      h("h2", {}, title, h("small", { text: String(rows.length) })),
      h("div", { cls: "list" }, body),
    );
  }

  function badges(c) {
    return [
      h("span", { cls: "badge lvl", text: c.level }),
      h("span", { cls: "badge kind", text: c.kind }),
      c.target ? h("span", { cls: "badge", text: c.target }) : null,
      c.expected ? h("span", { cls: "badge known", text: "known failure" }) : null,
      c.expired ? h("span", { cls: "badge expired", text: "expectation expired" }) : null,
      c.flaky ? h("span", { cls: "badge flaky", text: "flaky" }) : null,
    ];
  }
  // an expectation's link (validated as http(s) when the file was read; checked again here)
  function linkEl(url) {
    if (!url) return null;
    return /^https?:\/\//i.test(url)
      ? h("a", { href: url, rel: "noopener noreferrer", target: "_blank", text: url })
      : h("code", { text: url });
  }
  // the material's words a generic cell rests on (CheckMeta.clause), quoted
  function quoted(clause) {
    return `\u201c${clause}\u201d`;
  }
  // a rolled-up cell's clause on hover: its worst check's (the first of that outcome), else the first given
  function clauseTip(idx, o) {
    var worstOne = idx.filter((i) => R.checks[i].outcome === o && R.checks[i].clause)[0];
    var any = idx.filter((i) => R.checks[i].clause)[0];
    var pick = worstOne !== undefined ? worstOne : any;
    return pick === undefined ? "" : `\nthe material: ${quoted(R.checks[pick].clause)}`;
  }
  function withLink(reason, url) {
    return h("span", {}, reason, url ? " " : null, linkEl(url));
  }
  // ---- resource kind × invariant (absent when no invariant check ran)
  function renderInvariants() {
    var M = R.invariants;
    var t = $("invariants");
    if (!M || !t) return;
    t.textContent = "";
    t.appendChild(
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { text: "kind", style: "text-align:left" }),
          M.invariants.map((inv) =>
            h("th", { text: inv, title: reqs[inv] ? reqs[inv].statement : inv }),
          ),
        ),
      ),
    );
    var tbody = h("tbody");
    M.kinds.forEach((k) => {
      var tds = M.invariants.map((inv) => {
        var cell = M.cells[k][inv];
        if (!cell) return h("td", { cls: "cell", title: `${inv} does not apply to ${k}` });
        var idx = cell.checks.filter((i) => matches(i));
        var o = worst(idx.map((i) => R.checks[i].outcome));
        var first = idx.length ? R.checks[idx[0]] : null;
        var tip = `${k} · ${inv}: ${o}${first?.reason ? ` (${first.reason})` : ""}${clauseTip(idx, o)}`;
        var btn = h("button", { type: "button", cls: o, title: tip, "aria-label": tip }, SYM[o]);
        if (idx.length)
          btn.addEventListener("click", () => {
            showChecks(`${k} · ${inv}`, idx);
          });
        return h("td", { cls: "cell" }, btn);
      });
      tbody.appendChild(h("tr", {}, h("td", { cls: "op" }, h("code", { text: k })), tds));
    });
    t.appendChild(tbody);
    var n = M.counts;
    $("invariants-note").textContent =
      `${n.cells} cells: ${n.pass} pass, ${n.fail} fail, ${n.error} error, ${n.skip} skipped; an empty cell: the invariant does not apply`;
  }

  // ---- principal × operation (absent when no authorization cell ran): a heat map
  function renderPrincipals() {
    var M = R.principals;
    var t = $("principals");
    if (!M || !t) return;
    var only = $("f-principal") ? $("f-principal").value : "";
    var cols = M.principals.filter((p) => !only || p === only);
    t.textContent = "";
    t.appendChild(
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { text: "operation", style: "text-align:left" }),
          cols.map((p) => h("th", { text: p, title: `principal column ${p}` })),
        ),
      ),
    );
    var tbody = h("tbody");
    var shown = 0;
    M.operations.forEach((op) => {
      var any = false;
      var tds = cols.map((p) => {
        var cell = M.cells[op][p];
        if (!cell) return h("td", { cls: "cell", title: `${p} does not apply to ${op}` });
        var idx = cell.checks.filter((i) => matches(i));
        if (!idx.length)
          return h("td", { cls: "cell", title: `${op} · ${p}: hidden by the filters` });
        any = true;
        var o = worst(idx.map((i) => R.checks[i].outcome));
        var first = R.checks[idx[0]];
        var expect = (/: (allowed|refused|hidden|info)\b/.exec(first.name) || [])[1] || "?";
        var info = cell.info && o === "pass";
        var tip =
          `${op} · ${p}: expected ${expect}; ${info ? "observed (INFO)" : o}` +
          (cell.status !== undefined ? `, status ${cell.status}` : "") +
          (cell.should ? ", outside the status SHOULD" : "") +
          (first.reason ? ` (${first.reason})` : "") +
          clauseTip(idx, o);
        var btn = h(
          "button",
          {
            type: "button",
            cls: `${info ? "info" : o}${cell.should ? " should" : ""}`,
            title: tip,
            "aria-label": tip,
          },
          info ? "ℹ" : SYM[o],
          cell.status !== undefined ? h("span", { cls: "n", text: String(cell.status) }) : null,
        );
        btn.addEventListener("click", () => {
          showChecks(`${op} · ${p}`, idx);
        });
        return h("td", { cls: "cell" }, btn);
      });
      if (!any) return;
      shown++;
      tbody.appendChild(h("tr", {}, h("td", { cls: "op" }, h("code", { text: op })), tds));
    });
    t.appendChild(tbody);
    var n = M.counts;
    $("principals-note").textContent =
      `${n.cells} cells: ${n.pass} pass (${n.info} INFO, ℹ), ${n.fail} fail, ${n.error} error, ${n.skip} skipped, ${n.should} refusals outside the status SHOULD; ${shown} operations shown, failing first; an empty cell: the principal does not apply`;
  }

  function renderLists() {
    listGen++;
    var box = $("lists");
    box.textContent = "";
    var idx = R.checks.map((_, i) => i).filter(matches);
    var of = (o) => idx.filter((i) => R.checks[i].outcome === o);
    var sev = (i) => {
      var c = R.checks[i];
      return (c.expected ? 10 : 0) + ["MUST", "SHOULD", "INFO"].indexOf(c.level);
    };
    box.appendChild(
      listSection(
        "Failures",
        ["check", "", "reason"],
        lazy(
          of("fail").sort((a, b) => sev(a) - sev(b)),
          (i) => [checkLink(i), h("span", {}, badges(R.checks[i])), R.checks[i].reason || ""],
        ),
        "No failure.",
      ),
    );
    box.appendChild(
      listSection(
        "Errors (plumbline or the environment)",
        ["check", "reason"],
        lazy(of("error"), (i) => [checkLink(i), R.checks[i].reason || ""]),
        "No error.",
      ),
    );
    var unexpected = R.expectations.filter((e) => e.status === "unexpected-pass");
    box.appendChild(
      listSection(
        "Unexpected passes",
        ["expectation", "reason given", "checks"],
        unexpected.map((e) => [
          h("code", { text: e.id + (e.target ? ` (${e.target})` : "") }),
          withLink(e.reason, e.link),
          h("span", {}, e.checks.map(checkLink)),
        ]),
        "None: every known failure still fails.",
      ),
    );
    var expired = R.expectations.filter((e) => e.status === "expired");
    if (expired.length)
      box.appendChild(
        listSection(
          "Expired expectations (their failures gate again)",
          ["expectation", "until", "reason given", "checks"],
          expired.map((e) => [
            h("code", { text: e.id + (e.target ? ` (${e.target})` : "") }),
            e.until || "",
            withLink(e.reason, e.link),
            h("span", {}, e.checks.map(checkLink)),
          ]),
          "",
        ),
      );
    var groups = {};
    of("skip").forEach((i) => {
      var k = R.checks[i].reason || "(no reason given)";
      (groups[k] = groups[k] || []).push(i);
    });
    var keys = Object.keys(groups).sort((a, b) => groups[b].length - groups[a].length);
    box.appendChild(
      listSection(
        "Skipped, by reason",
        ["reason", "checks"],
        keys.map((k) => {
          var all = groups[k];
          return [
            k,
            h(
              "button",
              {
                type: "button",
                cls: "linkish",
                onclick: () => {
                  showChecks(`Skipped: ${k}`, all);
                },
              },
              `${all.length} check${all.length > 1 ? "s" : ""}`,
            ),
          ];
        }),
        "Nothing skipped.",
      ),
    );
    if (R.coverage.catalogAvailable) {
      box.appendChild(
        listSection(
          "Untested requirements",
          ["requirement", "level", "statement", "why"],
          R.coverage.untested.map((id) => {
            var q = reqs[id];
            var why =
              (R.coverage.skippedOnly || []).indexOf(id) >= 0
                ? "only skipped"
                : (R.coverage.observedOnly || []).indexOf(id) >= 0
                  ? "only observed (INFO)"
                  : (R.coverage.statusOnly || []).indexOf(id) >= 0
                    ? "only a status confirmed"
                    : `only ${q.outcome}`;
            return [
              h("code", { text: id }),
              q.level,
              q.statement,
              q.checks.length
                ? h(
                    "button",
                    {
                      type: "button",
                      cls: "linkish",
                      onclick: () => {
                        showChecks(id, q.checks);
                      },
                    },
                    why,
                  )
                : "no check",
            ];
          }),
          "Every MUST and SHOULD requirement was exercised.",
        ),
      );
      var so = R.coverage.statusOnlyChecks || [];
      box.appendChild(
        listSection(
          "Checks that only confirm a status (not counted as exercise)",
          ["check", "outcome"],
          lazy(so, (i) => [
            h(
              "button",
              {
                type: "button",
                cls: "linkish",
                onclick: () => {
                  showChecks(R.checks[i].name, [i]);
                },
              },
              R.checks[i].name,
            ),
            R.checks[i].outcome,
          ]),
          "None: every check with a verdict looked past the status.",
        ),
      );
    }
    var obs = R.observations.filter((o) => matches(o.check));
    box.appendChild(
      listSection(
        "INFO observations",
        ["requirement", "operation", "observation", "value"].concat(MULTI ? ["target"] : []),
        lazy(obs, (o) =>
          [
            h("code", { text: o.requirementId }),
            o.operationId ? h("code", { text: o.operationId }) : "",
            h(
              "button",
              {
                type: "button",
                cls: "linkish",
                onclick: () => {
                  showChecks(o.requirementId, [o.check]);
                },
              },
              o.note,
            ),
            h("code", { text: String(o.value) }),
          ].concat(MULTI ? [o.target || ""] : []),
        ),
        "No observation.",
      ),
    );
  }

  // ---- the exchanges: parsed when first needed, each check's expanded when its card opens
  var XS = null;
  var expanded = {};
  // pooled values back (docs/evidence.md "Pooled values"): {"$pool": n}, {"$cat": [...]}, {"$lit": {...}}
  function expander(pool) {
    var done = [];
    var state = [];
    function only(o) {
      var k = Object.keys(o);
      return k.length === 1 ? k[0] : null;
    }
    function x(v) {
      if (v === null || typeof v !== "object") return v;
      if (Array.isArray(v)) {
        for (var i = 0; i < v.length; i++) v[i] = x(v[i]);
        return v;
      }
      var k = only(v);
      if (k === "$pool") {
        var n = v.$pool;
        if (state[n] === 2) return done[n];
        if (state[n] === 1) throw new Error(`pool entry ${n} refers to itself`);
        state[n] = 1;
        done[n] = x(pool[n]);
        state[n] = 2;
        return done[n];
      }
      if (k === "$cat") {
        var parts = v.$cat.map(x);
        if (typeof parts[0] === "string") return parts.join("");
        if (Array.isArray(parts[0])) {
          var all = [];
          parts.forEach((p) => {
            p.forEach((y) => {
              all.push(y);
            });
          });
          return all;
        }
        // runs of an object's members, merged in order
        var merged = {};
        parts.forEach((p) => {
          Object.keys(p).forEach((key) => {
            Object.defineProperty(merged, key, {
              value: p[key],
              enumerable: true,
              writable: true,
              configurable: true,
            });
          });
        });
        return merged;
      }
      var o = k === "$lit" ? v.$lit : v;
      Object.keys(o).forEach((key) => {
        var y = x(o[key]);
        if (y !== o[key])
          Object.defineProperty(o, key, {
            value: y,
            enumerable: true,
            writable: true,
            configurable: true,
          });
      });
      return o;
    }
    return x;
  }
  // null while the parser has not reached them yet
  function exchangeData() {
    if (XS) return XS;
    var el = $("exchange-data");
    if (!el) return null;
    var d = JSON.parse(el.textContent);
    XS = { v: d.v, expand: expander(d.pool) };
    return XS;
  }
  // read once the page is drawn and idle, so that the first card opens at once
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      later(() => {
        exchangeData();
      });
    },
    { once: true },
  );
  // check i's exchanges and its kept reruns' ({x, r}); null while they are not read yet
  function exchangesOf(i) {
    var d = exchangeData();
    if (!d) return null;
    if (!expanded[i]) {
      d.v.x[i] = d.expand(d.v.x[i]);
      d.v.r[i] = d.expand(d.v.r[i]);
      expanded[i] = true;
    }
    return { x: d.v.x[i] || [], r: d.v.r[i] || [] };
  }

  // ---- drill-down
  function copyButton(text) {
    var b = h("button", { type: "button", text: "copy" });
    b.addEventListener("click", () => {
      var done = () => {
        b.textContent = "copied";
        setTimeout(() => {
          b.textContent = "copy";
        }, 1200);
      };
      var fallback = () => {
        var ta = h("textarea", { style: "position:fixed;opacity:0" });
        ta.value = text;
        document.body.appendChild(ta);
        ta.select();
        try {
          document.execCommand("copy");
        } catch (_e) {
          /* nothing more to try */
        }
        ta.remove();
        done();
      };
      if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, fallback);
      else fallback();
    });
    return b;
  }
  function headers(obj) {
    var keys = Object.keys(obj || {});
    if (!keys.length) return null;
    return h(
      "table",
      { cls: "hdrs" },
      h(
        "tbody",
        {},
        keys.map((k) => h("tr", {}, h("td", { text: `${k}:` }), h("td", { text: String(obj[k]) }))),
      ),
    );
  }
  function bodyBlock(label, p) {
    if (!p) return null;
    return h(
      "div",
      {},
      h("div", {
        cls: "note",
        text:
          label +
          " (" +
          fmtBytes(p.size) +
          (p.truncated ? ", trimmed: the full body is in conformance.json" : "") +
          ")",
      }),
      h("pre", { text: p.text + (p.truncated ? "\n…" : "") }),
    );
  }
  // the curl line made again from the exchange (html.ts pageCurl: the same steps; the page leaves a
  // curl out only when they give it back exactly)
  function sq(s) {
    return `'${s.replace(/'/g, "'\\''")}'`;
  }
  function curlOf(x) {
    var parts = ["curl", "-sS", "-i", "-X", x.method.toUpperCase(), sq(x.url)];
    Object.keys(x.requestHeaders).forEach((k) => {
      parts.push(
        "-H",
        k.toLowerCase() === "authorization"
          ? '"Authorization: Bearer $PLUMBLINE_TOKEN"'
          : sq(`${k}: ${x.requestHeaders[k]}`),
      );
    });
    var b = x.requestBody;
    if (b) parts.push("--data-raw", sq(b.json ? JSON.stringify(JSON.parse(b.text)) : b.text));
    return parts.join(" ");
  }
  // an exchange: its headers, bodies and curl built at once when open or `eager`, else when first opened
  function exchangeEl(x, n, open, eager) {
    var status = x.error ? `no response: ${x.error}` : String(x.status);
    var el = h(
      "details",
      { cls: "x", open: open ? "" : null },
      h("summary", {
        text:
          n +
          ". " +
          x.method +
          " " +
          x.url +
          " → " +
          status +
          " (" +
          Math.round(x.durationMs) +
          " ms)",
      }),
    );
    var filled = false;
    function fill() {
      if (filled) return;
      filled = true;
      var curl = x.curl === undefined ? curlOf(x) : x.curl;
      el.appendChild(
        h(
          "div",
          { cls: "xbody" },
          curl
            ? h(
                "div",
                { cls: "curl" },
                h("pre", { cls: "curl-text", text: curl }),
                copyButton(curl),
              )
            : h("div", { cls: "note", text: "no curl: the exchange was not finished" }),
          h("div", { cls: "note", text: "request headers" }),
          headers(x.requestHeaders),
          bodyBlock("request body", x.requestBody),
          x.responseHeaders ? h("div", { cls: "note", text: "response headers" }) : null,
          headers(x.responseHeaders),
          bodyBlock("response body", x.responseBody),
        ),
      );
    }
    if (open || eager) fill();
    else
      el.addEventListener("toggle", () => {
        if (el.open) fill();
      });
    return el;
  }

  function checkCard(i, eager) {
    var c = R.checks[i];
    var xs = exchangesOf(i);
    var own = xs ? xs.x : [];
    var reqEls = c.requirementIds.map((id) => {
      var q = reqs[id];
      return h(
        "div",
        { cls: "req" },
        h("code", { text: id }),
        q ? ` ${q.level}: ${q.statement} ` : " (not in the catalog)",
        q ? h("span", { cls: "src", text: `— ${q.source}` }) : null,
      );
    });
    var card = h(
      "div",
      { cls: "card", "data-check": String(i) },
      h(
        "h3",
        { title: c.clause ? `the material: ${quoted(c.clause)}` : null },
        h("span", { cls: `sw ${c.outcome}`, text: `${SYM[c.outcome]} ${c.outcome}` }),
        " ",
        c.name,
      ),
      h(
        "div",
        {},
        badges(c),
        h("span", {
          cls: "note",
          text: `${c.area} · ${c.file} · ${Math.round(c.durationMs)} ms · ${c.sideEffect}`,
        }),
      ),
      c.reason ? h("div", { cls: "reason", text: c.reason }) : null,
      c.clause
        ? h(
            "div",
            { cls: "note clause", title: `${c.generic || "generic"} cell: ${quoted(c.clause)}` },
            `The material${c.level === "INFO" ? " (why it leaves this open)" : ""}: ${quoted(c.clause)}`,
          )
        : null,
      c.expected
        ? h(
            "div",
            { cls: "note" },
            `Known failure (expectations file${c.expected.until ? `, until ${c.expected.until}` : ""}): `,
            withLink(c.expected.reason, c.expected.link),
          )
        : null,
      c.expired
        ? h(
            "div",
            { cls: "note" },
            `Expectation expired (its date ${c.expired.until} has passed), so this failure gates: `,
            withLink(c.expired.reason, c.expired.link),
          )
        : null,
      c.reruns
        ? h("div", {
            cls: "note",
            text: `${c.flaky ? "Flaky" : "Not flaky"}: ${c.outcome}, then on ${c.reruns.length} rerun${c.reruns.length === 1 ? "" : "s"}: ${c.reruns.join(", ")}${c.flaky && c.outcome === "fail" ? ((R.options.flaky || "warn") === "warn" ? " (--flaky warn: it does not gate)" : " (--flaky fail: it gates)") : ""}`,
          })
        : null,
      h("div", {}, reqEls),
      c.observations.length
        ? h(
            "div",
            {},
            c.observations.map((o) =>
              h("div", {
                cls: "note",
                text: `INFO ${o.requirementId}: ${o.note} = ${o.value}`,
              }),
            ),
          )
        : null,
      c.exchanges
        ? h("div", {
            cls: "note",
            text: `${c.exchanges} exchange${c.exchanges > 1 ? "s" : ""}${xs ? "" : " (still loading: the card fills in when the page has read them)"}`,
          })
        : h("div", { cls: "note", text: "no exchange recorded" }),
      own.map((x, n) => exchangeEl(x, n + 1, c.outcome !== "pass" && n === own.length - 1, eager)),
      // the first rerun of each outcome that differs from the first run's (runner/rerun.ts)
      (c.rerunEvidence || []).map((e, k) =>
        h(
          "div",
          { cls: "rerun" },
          h("div", {
            cls: "note",
            text: `Rerun ${e.attempt}: ${e.outcome}${e.reason ? ` (${e.reason})` : ""}, ${e.exchanges} exchange${e.exchanges === 1 ? "" : "s"}`,
          }),
          (xs?.r[k] || []).map((x, n) => exchangeEl(x, n + 1, false, eager)),
        ),
      ),
    );
    return card;
  }
  // a cell of a long run holds hundreds of checks: the first cards drawn at once, the rest when
  // idle; past EAGER_EXCHANGES exchanges in all, an exchange's headers and bodies wait for its opening
  var CARDS_FIRST = 40;
  var EAGER_EXCHANGES = 200;
  var detailGen = 0;
  function showChecks(title, idx) {
    var sorted = idx
      .slice()
      .sort((a, b) => ORDER.indexOf(R.checks[a].outcome) - ORDER.indexOf(R.checks[b].outcome));
    $("detail-title").textContent = title;
    var body = $("detail-body");
    body.textContent = "";
    var gen = ++detailGen;
    var total = 0;
    sorted.forEach((i) => {
      total += R.checks[i].exchanges || 0;
    });
    var eager = total <= EAGER_EXCHANGES;
    var drawn = 0;
    function draw(n) {
      var end = Math.min(sorted.length, drawn + n);
      for (; drawn < end; drawn++) body.appendChild(checkCard(sorted[drawn], eager));
      if (drawn < sorted.length)
        later(() => {
          if (gen === detailGen) draw(CARDS_FIRST);
        });
    }
    draw(CARDS_FIRST);
    $("detail").hidden = false;
    body.scrollTop = 0;
    // opened before the parser reached the exchanges: drawn again once it has
    if (!exchangeData())
      document.addEventListener(
        "DOMContentLoaded",
        () => {
          if (gen === detailGen) showChecks(title, idx);
        },
        { once: true },
      );
  }

  $("detail-close").addEventListener("click", () => {
    $("detail").hidden = true;
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") $("detail").hidden = true;
  });

  // ---- filters
  var areas = [];
  R.matrix.rows.forEach((r) => {
    if (areas.indexOf(r.area) < 0) areas.push(r.area);
  });
  areas.forEach((a) => {
    $("f-area").appendChild(h("option", { value: a, text: a }));
  });
  function update() {
    state.area = $("f-area").value;
    state.level = $("f-level").value;
    state.outcome = $("f-outcome").value;
    state.text = $("f-text").value.trim().toLowerCase();
    renderMatrix();
    renderInvariants();
    renderPrincipals();
    renderLists();
  }
  // the undecided cells' table is written into the page; each check's name opens its card
  document.querySelectorAll("#undecided button[data-check]").forEach((b) => {
    b.addEventListener("click", () => {
      var i = Number(b.getAttribute("data-check"));
      showChecks(R.checks[i].name, [i]);
    });
  });
  // the member grid and the race table are written into the page too; a cell (or an unreached
  // check) opens its checks
  document
    .querySelectorAll("#members button[data-checks], #races button[data-checks]")
    .forEach((b) => {
      b.addEventListener("click", () => {
        var idx = b
          .getAttribute("data-checks")
          .split(",")
          .map(Number)
          .filter((i) => R.checks[i]);
        if (idx.length) showChecks(b.getAttribute("data-title") || R.checks[idx[0]].name, idx);
      });
    });
  if (R.principals && $("f-principal"))
    R.principals.principals.forEach((p) => {
      $("f-principal").appendChild(h("option", { value: p, text: p }));
    });
  ["f-area", "f-level", "f-outcome", "f-principal"].forEach((id) => {
    if ($(id)) $(id).addEventListener("change", update);
  });
  $("f-text").addEventListener("input", update);
  update();
})();
