// Draws the demo feed's photos (flat illustrations: a deck, a roof, a kitchen before and after, a garden path,
// a breaker panel, paint swatches, a tiled shower, a condenser) as small PNGs, made here rather than
// downloaded so the repo owns them outright, and writes them as base64 into convex/seed/feedImages.ts,
// which the seed stores in file storage. Run: node scripts/feed-images.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const W = 480;
const H = 320;

function canvas(bg) {
  const px = new Uint8Array(W * H * 3);
  const c = {
    rect(x0, y0, w, h, [r, g, b]) {
      [x0, y0, w, h] = [x0, y0, w, h].map(Math.round);
      for (let y = Math.max(0, y0); y < Math.min(H, y0 + h); y++)
        for (let x = Math.max(0, x0); x < Math.min(W, x0 + w); x++) {
          const i = (y * W + x) * 3;
          px[i] = r;
          px[i + 1] = g;
          px[i + 2] = b;
        }
    },
    circle(cx, cy, rad, color) {
      for (let y = cy - rad; y <= cy + rad; y++)
        for (let x = cx - rad; x <= cx + rad; x++)
          if ((x - cx) ** 2 + (y - cy) ** 2 <= rad * rad) c.rect(x, y, 1, 1, color);
    },
    /** A filled triangle by scanlines (apex at top). */
    triangle(ax, ay, bx, by, cx2, cy2, color) {
      const minY = Math.min(ay, by, cy2),
        maxY = Math.max(ay, by, cy2);
      const edges = [
        [ax, ay, bx, by],
        [bx, by, cx2, cy2],
        [cx2, cy2, ax, ay],
      ];
      for (let y = minY; y <= maxY; y++) {
        const xs = [];
        for (const [x1, y1, x2, y2] of edges) {
          if ((y >= y1 && y < y2) || (y >= y2 && y < y1)) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
        }
        if (xs.length >= 2) c.rect(Math.round(Math.min(...xs)), y, Math.round(Math.abs(xs[1] - xs[0])), 1, color);
      }
    },
    px,
  };
  c.rect(0, 0, W, H, bg);
  return c;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png({ px }) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 1; // "sub" filter: flat runs become zeros
    for (let x = 0; x < W * 3; x++) {
      const cur = px[y * W * 3 + x];
      const left = x >= 3 ? px[y * W * 3 + x - 3] : 0;
      raw[y * (W * 3 + 1) + 1 + x] = (cur - left) & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SKY = [173, 216, 240];
const scenes = {
  deck(c) {
    c.rect(0, 0, W, 140, SKY);
    c.circle(400, 50, 26, [255, 214, 102]);
    c.rect(0, 120, W, 30, [96, 150, 84]);
    for (let i = 0; i < 9; i++) c.rect(0, 150 + i * 19, W, 17, i % 2 ? [176, 112, 64] : [191, 126, 74]);
    c.rect(0, 100, W, 10, [122, 74, 40]);
    for (let x = 10; x < W; x += 46) c.rect(x, 100, 10, 56, [122, 74, 40]);
  },
  roof(c) {
    c.rect(0, 0, W, H, SKY);
    c.rect(90, 170, 300, 150, [236, 226, 208]);
    c.triangle(240, 40, 60, 180, 420, 180, [70, 74, 82]);
    for (let y = 70; y < 180; y += 14) c.rect(0, y, W, 2, SKY);
    c.triangle(240, 40, 60, 180, 420, 180, [70, 74, 82]);
    for (let y = 66; y < 180; y += 14) c.rect(240 - (y - 40) * 1.29, y, (y - 40) * 2.58, 2, [52, 55, 62]);
    c.rect(215, 240, 50, 80, [140, 82, 52]);
    c.rect(120, 200, 60, 44, [160, 200, 230]);
    c.rect(300, 200, 60, 44, [160, 200, 230]);
  },
  kitchen(c) {
    c.rect(0, 0, 240, H, [150, 140, 120]);
    c.rect(0, 180, 240, 140, [110, 92, 70]);
    c.rect(20, 40, 200, 70, [120, 104, 84]);
    c.rect(240, 0, 240, H, [244, 244, 240]);
    for (let x = 240; x < W; x += 24) c.rect(x, 0, 1, 170, [214, 214, 210]);
    for (let y = 0; y < 170; y += 16) c.rect(240, y, 240, 1, [214, 214, 210]);
    c.rect(240, 180, 240, 140, [60, 90, 110]);
    c.rect(240, 170, 240, 12, [230, 230, 226]);
    for (let x = 262; x < W; x += 72) c.rect(x, 240, 40, 4, [200, 180, 120]);
    c.rect(238, 0, 4, H, [255, 255, 255]);
  },
  garden(c) {
    c.rect(0, 0, W, 90, SKY);
    c.rect(0, 90, W, 230, [104, 168, 84]);
    for (let i = 0; i < 7; i++) c.circle(240 + (i % 2 ? 30 : -20), 300 - i * 32, 20 - i, [196, 190, 176]);
    for (const [x, y, r] of [
      [60, 130, 38],
      [140, 110, 26],
      [380, 140, 44],
      [440, 100, 24],
      [320, 100, 20],
    ])
      c.circle(x, y, r, [58, 120, 60]);
    for (const [x, y] of [
      [70, 120],
      [380, 130],
      [395, 150],
      [55, 140],
    ])
      c.circle(x, y, 5, [230, 120, 150]);
  },
  panel(c) {
    c.rect(0, 0, W, H, [200, 196, 188]);
    c.rect(130, 20, 220, 280, [120, 126, 132]);
    c.rect(146, 36, 188, 248, [86, 92, 98]);
    for (let row = 0; row < 10; row++)
      for (const x of [160, 252]) {
        c.rect(x, 46 + row * 23, 70, 17, [28, 30, 34]);
        c.rect(x + (row % 3 === 0 ? 46 : 8), 50 + row * 23, 16, 9, [236, 236, 236]);
      }
  },
  paint(c) {
    c.rect(0, 0, W, H, [236, 232, 224]);
    const swatches = [
      [84, 110, 122],
      [170, 190, 170],
      [224, 196, 160],
      [196, 98, 72],
      [60, 72, 96],
      [240, 220, 130],
    ];
    swatches.forEach((s, i) => c.rect(30 + i * 72, 60, 60, 160, s));
    c.rect(0, 260, W, 60, [180, 160, 130]);
    c.rect(330, 230, 100, 40, [150, 150, 156]);
    c.rect(340, 236, 80, 10, [84, 110, 122]);
  },
  shower(c) {
    c.rect(0, 0, W, H, [226, 236, 240]);
    for (let y = 0; y < H; y += 40)
      for (let x = (y / 40) % 2 ? -40 : 0; x < W; x += 80) c.rect(x + 2, y + 2, 76, 36, [110, 160, 190]);
    c.rect(200, 0, 80, 30, [190, 196, 200]);
    c.circle(240, 40, 22, [190, 196, 200]);
    c.rect(0, 290, W, 30, [240, 240, 240]);
  },
  condenser(c) {
    c.rect(0, 0, W, 200, [222, 214, 200]);
    c.rect(0, 200, W, 120, [150, 150, 146]);
    c.rect(120, 70, 240, 200, [200, 204, 206]);
    c.circle(240, 170, 80, [90, 96, 102]);
    for (let r = 76; r > 10; r -= 12) {
      c.circle(240, 170, r - 6, [200, 204, 206]);
      c.circle(240, 170, r - 10, [90, 96, 102]);
    }
    c.circle(240, 170, 14, [60, 64, 70]);
    c.rect(360, 150, 70, 12, [40, 40, 40]);
  },
};

const out = {};
let total = 0;
for (const [name, draw] of Object.entries(scenes)) {
  const c = canvas([255, 255, 255]);
  draw(c);
  const bytes = png(c);
  total += bytes.length;
  out[name] = bytes.toString("base64");
}
const body = Object.entries(out)
  .map(([name, b64]) => `  ${name}: "${b64}",`)
  .join("\n");
writeFileSync(
  new URL("../convex/seed/feedImages.ts", import.meta.url),
  `// Generated by scripts/feed-images.mjs (do not edit): the demo feed's photos, ${W}x${H} PNGs drawn\n` +
    `// by that script (no downloaded or licensed images), base64 so the seed can store them.\n` +
    `export const FEED_IMAGES = {\n${body}\n} as const;\nexport type FeedImage = keyof typeof FEED_IMAGES;\n`,
);
console.log(`${Object.keys(out).length} images, ${total} bytes`);
