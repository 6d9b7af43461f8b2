// A batch of uploads sent all at once from a thread of its own, for bench/media.js.
//
// Sending a multipart body of 2.4 MB keeps an event loop busy for a moment: measured, a request
// for / timed from the thread sending one photo took up to 0.7 s, the same request timed from
// another process at most 80 ms. The requests the benchmark times must not wait behind the
// benchmark's own uploads, so the uploads go from this worker thread.
//
// workerData: `{ session, photos }` (session from signInAsAdmin, photos as Uint8Arrays). On any
// message it sends them all and posts back each answer with `answeredMs`, counted from then.
import { parentPort, workerData } from "node:worker_threads";
import { uploadMedia } from "./admin.js";

const { session, photos } = workerData;

parentPort.once("message", async () => {
  const started = performance.now();
  const answers = await Promise.all(
    photos.map((photo, i) =>
      uploadMedia(session, photo, { fileName: `IMG_${4000 + i}.jpg`, altText: `Photo ${i + 1}` })
        .catch((error) => ({ status: 0, body: null, text: String(error), ms: 0 }))
        .then((answer) => ({ ...answer, answeredMs: performance.now() - started })),
    ),
  );
  parentPort.postMessage(answers);
});
parentPort.postMessage("ready");
