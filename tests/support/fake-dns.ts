import dgram from "node:dgram";
import type { AddressInfo } from "node:net";

/**
 * A stand-in DNS server (UDP on 127.0.0.1) for the newsletter's sender check: answers TXT and
 * CNAME questions from a small zone the way a recursive resolver does (a TXT question for a name
 * with a CNAME gets the CNAME and the target's TXT records), NXDOMAIN for a name it does not
 * know, an empty answer for a type the name lacks, SERVFAIL for names marked so, and silence for
 * names marked to hang. Point node:dns at `server` (DNS_SERVERS) and the real DNS is never asked.
 */

export interface FakeZoneEntry {
  txt?: string[];
  cname?: string;
  fail?: boolean;
  hang?: boolean;
}

export interface FakeDns {
  /** "127.0.0.1:port", as DNS_SERVERS and Resolver#setServers take it. */
  server: string;
  /** Every question asked, as "TYPE name". */
  asked: string[];
  close(): Promise<void>;
}

const TXT = 16;
const CNAME = 5;

function encodeName(name: string) {
  const labels = name.split(".").filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
}

function record(name: string, type: number, rdata: Buffer) {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(type, 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(60, 4);
  fixed.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([encodeName(name), fixed, rdata]);
}

/** A TXT record's strings: DNS splits text longer than 255 bytes. */
function txtData(text: string) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < text.length; at += 255) {
    const chunk = Buffer.from(text.slice(at, at + 255));
    chunks.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(chunks);
}

export async function startFakeDns(zone: Record<string, FakeZoneEntry>): Promise<FakeDns> {
  const asked: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (message, from) => {
    let at = 12;
    const labels: string[] = [];
    while (at < message.length && message[at] !== 0) {
      const length = message[at] as number;
      labels.push(message.subarray(at + 1, at + 1 + length).toString());
      at += length + 1;
    }
    const type = message.readUInt16BE(at + 1);
    const question = message.subarray(12, at + 5);
    const name = labels.join(".").toLowerCase();
    asked.push(`${type === TXT ? "TXT" : type === CNAME ? "CNAME" : type} ${name}`);
    const entry = zone[name];
    if (entry?.hang) return;
    const answers: Buffer[] = [];
    if (entry?.cname) {
      answers.push(record(name, CNAME, encodeName(entry.cname)));
      if (type === TXT) {
        for (const text of zone[entry.cname]?.txt ?? []) {
          answers.push(record(entry.cname, TXT, txtData(text)));
        }
      }
    } else if (type === TXT) {
      for (const text of entry?.txt ?? []) answers.push(record(name, TXT, txtData(text)));
    }
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2);
    // A response, recursion desired and available; rcode SERVFAIL (2), NXDOMAIN (3) or none.
    header.writeUInt16BE(0x8180 | (entry?.fail ? 2 : entry ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
