"use strict";
// The loader of the player's map: it fetches the map window built to
// WebAssembly, says how far it got, and runs it (wasm_exec.js's Go).
(() => {
  const me = document.currentScript;
  const status = document.getElementById("status");
  const say = (text, bad) => {
    status.textContent = text;
    status.className = bad ? "bad" : "";
  };
  // The map pinches and pans itself: the page never zooms, even when the
  // map window adds a viewport of its own.
  const viewport = document.querySelector('meta[name="viewport"]').content;
  new MutationObserver(() => {
    for (const m of document.querySelectorAll('meta[name="viewport"]')) {
      if (m.content !== viewport) m.content = viewport;
    }
  }).observe(document.head, { childList: true });
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    say("This browser cannot run WebAssembly, which the table needs: open the link in a current Chrome, Firefox or Safari.", true);
    return;
  }
  if (typeof Go !== "function") {
    say("The table could not be loaded (wasm_exec.js is missing): reload the page.", true);
    return;
  }
  const url = me.dataset.wasm;
  const size = Number(me.dataset.size) || 0;
  const mb = (n) => (n / 1e6).toFixed(1);
  const progress = (got) =>
    say(size ? `Loading the table… ${mb(got)} of ${mb(size)} MB` : `Loading the table… ${mb(got)} MB`);
  // fetched is the wasm's response, its bytes counted as they stream in
  // (after decompression: size is the wasm's own).
  const fetched = async () => {
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(`${url}: ${resp.status} ${resp.statusText}`);
    if (!resp.body || typeof ReadableStream !== "function") return resp;
    const reader = resp.body.getReader();
    let got = 0;
    progress(0);
    const counted = new ReadableStream({
      async pull(ctrl) {
        const { done, value } = await reader.read();
        if (done) {
          ctrl.close();
          return;
        }
        got += value.byteLength;
        progress(got);
        ctrl.enqueue(value);
      },
      cancel(why) {
        return reader.cancel(why);
      },
    });
    return new Response(counted, { headers: { "Content-Type": "application/wasm" } });
  };
  const instantiate = async (go) => {
    if (typeof WebAssembly.instantiateStreaming === "function") {
      try {
        return await WebAssembly.instantiateStreaming(fetched(), go.importObject);
      } catch (e) {
        // A TypeError: the browser would not compile the stream (a proxy
        // changed its type, say); compiled from the whole bytes below.
        if (!(e instanceof TypeError)) throw e;
      }
    }
    const resp = await fetched();
    return WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  };
  (async () => {
    try {
      const go = new Go();
      const { instance } = await instantiate(go);
      say("Joining the table…");
      await go.run(instance);
      say("The map closed: reload the page to join the table again.", true);
    } catch (e) {
      if (e instanceof WebAssembly.CompileError || e instanceof WebAssembly.LinkError) {
        say(`The table's map is damaged or of another build (${e.message}): the Judge rebuilds it (make build) and reopens the table.`, true);
        return;
      }
      say(`The table could not be loaded (${(e && e.message) || e}): check the Wi-Fi, then reload the page.`, true);
    }
  })();
})();
