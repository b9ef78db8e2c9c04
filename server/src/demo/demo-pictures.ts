import sharp from 'sharp';

// The demo's item pictures are drawn, not downloaded: a clone works offline and carries no photographs
// whose licence would need tracking. Each is a simple product-like drawing with the item's name, rendered
// by sharp to a PNG and then stored through the server's own upload code (prepareImage), as an upload is.

export type PictureKind = 'appliance' | 'screen' | 'round' | 'tall' | 'bag' | 'cycle' | 'holiday' | 'coin';

const WIDTH = 800;
const HEIGHT = 600;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The drawing of one kind of product, in a 800 × 600 frame, centred above the name. */
function drawing(kind: PictureKind, colour: string): string {
  switch (kind) {
    case 'appliance':
      return `<rect x="250" y="90" width="300" height="340" rx="26" fill="${colour}"/>
        <rect x="280" y="125" width="170" height="270" rx="12" fill="#fff" opacity="0.85"/>
        <circle cx="495" cy="160" r="18" fill="#fff" opacity="0.9"/><circle cx="495" cy="215" r="12" fill="#fff" opacity="0.7"/>
        <rect x="478" y="260" width="34" height="110" rx="10" fill="#fff" opacity="0.6"/>`;
    case 'screen':
      return `<rect x="170" y="90" width="460" height="290" rx="16" fill="#212529"/>
        <rect x="188" y="106" width="424" height="258" rx="6" fill="${colour}"/>
        <circle cx="330" cy="210" r="70" fill="#fff" opacity="0.25"/><circle cx="470" cy="270" r="50" fill="#fff" opacity="0.2"/>
        <rect x="370" y="380" width="60" height="40" fill="#343a40"/><rect x="300" y="418" width="200" height="16" rx="8" fill="#343a40"/>`;
    case 'round':
      return `<circle cx="400" cy="255" r="175" fill="${colour}"/><circle cx="400" cy="255" r="130" fill="#fff" opacity="0.85"/>
        <circle cx="400" cy="255" r="22" fill="${colour}"/>
        <rect x="394" y="150" width="12" height="105" rx="6" fill="#343a40"/><rect x="400" y="249" width="80" height="12" rx="6" fill="#343a40"/>`;
    case 'tall':
      return `<rect x="310" y="70" width="180" height="50" rx="14" fill="#343a40"/>
        <rect x="285" y="110" width="230" height="330" rx="40" fill="${colour}"/>
        <rect x="320" y="170" width="70" height="200" rx="20" fill="#fff" opacity="0.5"/>
        <circle cx="455" cy="390" r="18" fill="#fff" opacity="0.8"/>`;
    case 'bag':
      return `<path d="M330 170 V120 a70 70 0 0 1 140 0 V170" stroke="#343a40" stroke-width="22" fill="none"/>
        <path d="M220 170 H580 L545 440 H255 Z" fill="${colour}"/>
        <rect x="330" y="240" width="140" height="70" rx="12" fill="#fff" opacity="0.6"/>`;
    case 'cycle':
      return `<circle cx="250" cy="320" r="110" stroke="#343a40" stroke-width="20" fill="none"/>
        <circle cx="550" cy="320" r="110" stroke="#343a40" stroke-width="20" fill="none"/>
        <path d="M250 320 L360 170 L500 170 L550 320 M360 170 L420 320 L250 320 M420 320 L500 170" stroke="${colour}" stroke-width="22" fill="none" stroke-linejoin="round"/>
        <rect x="320" y="140" width="90" height="22" rx="11" fill="#343a40"/>`;
    case 'holiday':
      return `<rect x="120" y="70" width="560" height="380" rx="24" fill="#d0ebff"/>
        <circle cx="560" cy="160" r="60" fill="#fcc419"/>
        <path d="M120 400 Q 300 300 420 380 T 680 360 V450 H120 Z" fill="${colour}"/>
        <path d="M230 400 V250" stroke="#5c3d1e" stroke-width="16"/><path d="M230 250 q -70 -10 -100 30 M230 250 q 70 -20 100 20 M230 250 q -20 -60 -70 -70 M230 250 q 30 -60 80 -60" stroke="#2f9e44" stroke-width="16" fill="none" stroke-linecap="round"/>`;
    case 'coin':
      return `<circle cx="400" cy="255" r="170" fill="${colour}"/><circle cx="400" cy="255" r="140" fill="none" stroke="#fff" stroke-width="10" opacity="0.7"/>
        <text x="400" y="300" font-family="DejaVu Serif, Liberation Serif, serif" font-size="150" font-weight="bold" fill="#fff" text-anchor="middle" opacity="0.9">₹</text>`;
  }
}

/** A PNG of a product-like drawing with the item's name under it, as staff might upload. */
export function drawItemPicture(name: string, kind: PictureKind, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef1f4"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
    <ellipse cx="400" cy="470" rx="240" ry="18" fill="#000" opacity="0.07"/>
    ${drawing(kind, colour)}
    <text x="400" y="540" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" font-weight="bold" fill="#343a40" text-anchor="middle">${escapeXml(name)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
