// Live updates: Server-Sent Events read with fetch (the browser's EventSource cannot send a
// header), resumed with Last-Event-ID after a dropped connection.

import { ApiError } from "./http.js";

export class Follower {
  // A stream at ``path`` (a game's, or a player's): onEvent(event) for each event, onEnd()
  // when the game is over, onState(text) for the connection's state. Resumes from the last
  // event seen (``after`` at first; null: from now) after a dropped connection.
  constructor(path, token, after, { onEvent, onEnd = () => {}, onState = () => {} }) {
    Object.assign(this, { path, token, last: after, onEvent, onEnd, onState });
    this.stopped = false;
    this.delay = 500;
  }

  start() {
    this.loop();
    return this;
  }

  stop() {
    this.stopped = true;
    if (this.controller) this.controller.abort();
  }

  async loop() {
    while (!this.stopped) {
      let ended = false;
      try {
        ended = await this.once();
        this.delay = 500;
      } catch (error) {
        if (this.stopped) return;
        if (error.status >= 400 && error.status < 500 && error.status !== 429) {
          this.onState(`No live updates: ${error.message}`); // retrying would not help
          return;
        }
        this.onState(`Live updates interrupted (${error.message}); reconnecting…`);
        await new Promise((r) => setTimeout(r, this.delay));
        this.delay = Math.min(this.delay * 2, 8000);
        continue;
      }
      if (ended) {
        this.onEnd();
        return;
      }
    }
  }

  async once() {
    this.controller = new AbortController();
    const headers = { Accept: "text/event-stream" };
    if (this.last !== null) headers["Last-Event-ID"] = String(this.last);
    if (this.token) headers.Authorization = "Bearer " + this.token;
    const response = await fetch(this.path,
      { headers, signal: this.controller.signal });
    if (!response.ok) {
      let problem = null;
      try { problem = await response.json(); } catch { /* not JSON */ }
      throw new ApiError(response.status, problem);
    }
    this.onState("live");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return false; // the server closed the stream: resume from this.last
      buffer += value.replaceAll("\r\n", "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (this.frame(frame)) return true;
      }
    }
  }

  frame(text) {
    let id = null, kind = "message";
    const data = [];
    for (const line of text.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") kind = value;
      else if (field === "data") data.push(value);
    }
    if (kind === "end") return true;
    if (!data.length) return false;
    if (id !== null) this.last = id;
    this.onEvent(JSON.parse(data.join("\n")));
    return false;
  }
}
