// The bench's SMTP sink (smtp-server), a process of its own so that counting does not share an
// event loop with either sender. Counts accepted messages; answers {count} to "count" and reports
// {reached, at} once `expect` messages have arrived since the last "reset".
import { SMTPServer } from "smtp-server";

let count = 0;
let target = Number.POSITIVE_INFINITY;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  disableReverseLookup: true,
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      count++;
      if (count === target) process.send?.({ reached: count, at: Date.now() });
      callback();
    });
  },
});
server.on("error", () => {});
// As a real MTA does (Postfix sets TCP_NODELAY): without it every reply waits on the peer's delayed
// ACK (about 40 ms here), which alone held raw pooled nodemailer to ~22 messages/s a connection.
server.server.on("connection", (socket) => socket.setNoDelay(true));
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.server.address().port }));
process.on("message", (m) => {
  if (m.reset) {
    count = 0;
    target = m.expect;
  } else if (m.count) process.send?.({ count });
});
process.on("disconnect", () => server.close(() => process.exit(0)));
