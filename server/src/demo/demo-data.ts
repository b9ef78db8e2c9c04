import type { Tier } from '@app/common';
import type { PictureKind } from './demo-pictures';

// The demo programme's cast and catalogue: a distributor in Rajasthan, its dealers and the gifts they
// redeem. Points are priced for the default rates (Basic dealers earn a few thousand points a quarter,
// Platinum dealers tens of thousands), so every tier finds something it can buy and something to aim for.

export type DemoItem = {
  name: string;
  kind: PictureKind;
  colour: string;
  points: number;
  discount: number;
  stock: number;
  features: string[];
};

export const DEMO_ITEMS: DemoItem[] = [
  {
    name: 'LED Torch',
    kind: 'tall',
    colour: '#f08c00',
    points: 450,
    discount: 0,
    stock: 60,
    features: ['Rechargeable, 8 hours of light', 'Water resistant body'],
  },
  {
    name: 'Steel Bottle Set',
    kind: 'tall',
    colour: '#868e96',
    points: 600,
    discount: 100,
    stock: 50,
    features: ['Set of 4 bottles, 1 litre each', 'Food-grade stainless steel'],
  },
  {
    name: 'Wall Clock',
    kind: 'round',
    colour: '#1c7ed6',
    points: 900,
    discount: 0,
    stock: 40,
    features: ['Silent sweep movement', '30 cm dial'],
  },
  {
    name: 'Table Lamp',
    kind: 'tall',
    colour: '#fab005',
    points: 1200,
    discount: 0,
    stock: 30,
    features: ['Warm white LED', 'Touch dimmer'],
  },
  {
    name: 'Silver Coin 10 g',
    kind: 'coin',
    colour: '#adb5bd',
    points: 1500,
    discount: 0,
    stock: 25,
    features: ['999 fine silver', 'Lakshmi–Ganesh design, in a gift box'],
  },
  {
    name: 'Steam Iron',
    kind: 'appliance',
    colour: '#7048e8',
    points: 1800,
    discount: 200,
    stock: 30,
    features: ['1600 W with steam burst', 'Non-stick soleplate'],
  },
  {
    name: 'Electric Kettle',
    kind: 'tall',
    colour: '#e03131',
    points: 2000,
    discount: 0,
    stock: 35,
    features: ['1.5 litre, boils in 4 minutes', 'Automatic cut-off'],
  },
  {
    name: 'Pressure Cooker 5 L',
    kind: 'tall',
    colour: '#495057',
    points: 2600,
    discount: 300,
    stock: 30,
    features: ['Induction and gas compatible', 'Safety valve and gasket release'],
  },
  {
    name: 'Dinner Set 24 Pieces',
    kind: 'round',
    colour: '#0ca678',
    points: 3200,
    discount: 0,
    stock: 20,
    features: ['Microwave-safe opalware', 'Serves six'],
  },
  {
    name: 'Bluetooth Speaker',
    kind: 'round',
    colour: '#3b5bdb',
    points: 3500,
    discount: 500,
    stock: 25,
    features: ['20 W stereo sound', '12 hours of play'],
  },
  {
    name: 'Ceiling Fan',
    kind: 'round',
    colour: '#5c940d',
    points: 3800,
    discount: 0,
    stock: 30,
    features: ['1200 mm sweep, 5-star energy rating', 'Remote control'],
  },
  {
    name: 'Induction Cooktop',
    kind: 'appliance',
    colour: '#212529',
    points: 4200,
    discount: 0,
    stock: 20,
    features: ['2000 W with 8 preset menus', 'Auto switch-off'],
  },
  {
    name: 'Mixer Grinder',
    kind: 'appliance',
    colour: '#c2255c',
    points: 4500,
    discount: 500,
    stock: 25,
    features: ['750 W motor, three jars', 'Overload protection'],
  },
  {
    name: 'Room Heater',
    kind: 'appliance',
    colour: '#f76707',
    points: 4800,
    discount: 0,
    stock: 12,
    features: ['Oil-filled, 9 fins', 'Three heat settings'],
  },
  {
    name: 'Gold Coin 1 g',
    kind: 'coin',
    colour: '#e8a800',
    points: 6500,
    discount: 0,
    stock: 15,
    features: ['24 carat, 999.9 purity', 'Certified, tamper-proof pack'],
  },
  {
    name: 'Trolley Bag',
    kind: 'bag',
    colour: '#1098ad',
    points: 5500,
    discount: 0,
    stock: 15,
    features: ['Medium, 65 cm, four wheels', 'Number lock'],
  },
  {
    name: 'Office Chair',
    kind: 'appliance',
    colour: '#343a40',
    points: 8000,
    discount: 1000,
    stock: 10,
    features: ['Mesh back with lumbar support', 'Height adjustable'],
  },
  {
    name: 'Smartwatch',
    kind: 'screen',
    colour: '#15aabf',
    points: 9000,
    discount: 0,
    stock: 12,
    features: ['Heart rate and SpO2', 'Seven days of battery'],
  },
  {
    name: 'Air Cooler',
    kind: 'tall',
    colour: '#4dabf7',
    points: 11500,
    discount: 1500,
    stock: 10,
    features: ['55 litre tank', 'Honeycomb pads, inverter compatible'],
  },
  {
    name: 'Water Purifier',
    kind: 'tall',
    colour: '#228be6',
    points: 12000,
    discount: 0,
    stock: 10,
    features: ['RO + UV + UF, 7 litres', 'Mineral booster'],
  },
  {
    name: 'Bicycle',
    kind: 'cycle',
    colour: '#e8590c',
    points: 13000,
    discount: 0,
    stock: 8,
    features: ['26-inch, 21 gears', 'Front suspension'],
  },
  {
    name: 'Microwave Oven',
    kind: 'appliance',
    colour: '#495057',
    points: 14000,
    discount: 2000,
    stock: 8,
    features: ['25 litre convection', 'Auto-cook menus'],
  },
  {
    name: 'Tablet 10 inch',
    kind: 'screen',
    colour: '#7950f2',
    points: 22000,
    discount: 0,
    stock: 6,
    features: ['10.4-inch display, 4 GB RAM', 'Wi-Fi and LTE'],
  },
  {
    name: 'Smartphone',
    kind: 'screen',
    colour: '#12b886',
    points: 28000,
    discount: 3000,
    stock: 6,
    features: ['6.6-inch AMOLED, 5G', '50 MP camera'],
  },
  {
    name: 'LED TV 43 inch',
    kind: 'screen',
    colour: '#1971c2',
    points: 38000,
    discount: 0,
    stock: 5,
    features: ['4K Ultra HD smart TV', 'Dolby Audio'],
  },
  {
    name: 'Washing Machine',
    kind: 'appliance',
    colour: '#74c0fc',
    points: 42000,
    discount: 0,
    stock: 4,
    features: ['7 kg front load', 'In-built heater'],
  },
  {
    name: 'Refrigerator 260 L',
    kind: 'appliance',
    colour: '#a61e4d',
    points: 45000,
    discount: 5000,
    stock: 4,
    features: ['Double door, frost free', '3-star, inverter compressor'],
  },
  {
    name: 'Split Air Conditioner',
    kind: 'appliance',
    colour: '#e9ecef',
    points: 60000,
    discount: 0,
    stock: 3,
    features: ['1.5 ton, 5-star inverter', 'Copper condenser'],
  },
  {
    name: 'Laptop',
    kind: 'screen',
    colour: '#364fc7',
    points: 65000,
    discount: 0,
    stock: 3,
    features: ['14-inch, 16 GB RAM, 512 GB SSD', 'Backlit keyboard'],
  },
  {
    name: 'Goa Holiday for Two',
    kind: 'holiday',
    colour: '#0b7285',
    points: 80000,
    discount: 0,
    stock: 2,
    features: ['3 nights, 4 days, beach resort', 'Flights from Jaipur included'],
  },
];

/** The item's description as staff would write it in the item form (HTML; the server sanitises it). */
export function itemDescription(item: DemoItem): string {
  return `<p><strong>${item.name}</strong> for our partners, delivered free anywhere in Rajasthan.</p><ul>${item.features
    .map((feature) => `<li>${feature}</li>`)
    .join('')}<li>One year warranty</li></ul>`;
}

export type DemoTown = { name: string; code: string; pinCode: string; area: string };

export const DEMO_TOWNS: DemoTown[] = [
  { name: 'Jaipur', code: 'JPR', pinCode: '302001', area: 'MI Road' },
  { name: 'Jodhpur', code: 'JDH', pinCode: '342001', area: 'Sojati Gate' },
  { name: 'Udaipur', code: 'UDR', pinCode: '313001', area: 'Bapu Bazaar' },
  { name: 'Ajmer', code: 'AJM', pinCode: '305001', area: 'Naya Bazaar' },
  { name: 'Kota', code: 'KTA', pinCode: '324007', area: 'Gumanpura' },
  { name: 'Bikaner', code: 'BKN', pinCode: '334001', area: 'KEM Road' },
  { name: 'Alwar', code: 'ALW', pinCode: '301001', area: 'Hope Circus' },
  { name: 'Bhilwara', code: 'BHL', pinCode: '311001', area: 'Sanganeri Gate' },
  { name: 'Sikar', code: 'SKR', pinCode: '332001', area: 'Station Road' },
  { name: 'Pali', code: 'PAL', pinCode: '306401', area: 'Suraj Pole' },
  { name: 'Chittorgarh', code: 'CTG', pinCode: '312001', area: 'Gandhi Nagar' },
  { name: 'Bharatpur', code: 'BTP', pinCode: '321001', area: 'Kumher Gate' },
  { name: 'Sri Ganganagar', code: 'SGN', pinCode: '335001', area: 'Gol Bazaar' },
  { name: 'Tonk', code: 'TNK', pinCode: '304001', area: 'Bada Kuan' },
  { name: 'Beawar', code: 'BWR', pinCode: '305901', area: 'Ajmeri Gate' },
];

const FIRMS = [
  'Shree Ganesh Electricals',
  'Mahaveer Traders',
  'Balaji Enterprises',
  'Agarwal Hardware Mart',
  'Jain Sanitary Store',
  'Marwar Paints and Hardware',
  'Rathore Electric Works',
  'Krishna Agencies',
  'Shyam Distributors',
  'Bansal Trading Company',
  'Om Sai Lighting',
  'Maheshwari Cables',
  'Goyal Pipes and Fittings',
  'Choudhary Building Materials',
  'Khandelwal Electronics',
  'Sharma Switchgear House',
  'Laxmi Narayan Stores',
  'Mewar Tiles and Sanitary',
  'Rajputana Power Solutions',
  'Vardhman Electricals',
  'Kothari Brothers',
  'Meena Hardware',
  'Singhal Paint House',
  'Hanuman Steel Centre',
  'Saraswati Wires',
  'Kumawat Fans and Lights',
  'Gupta Electric Palace',
  'Pareek Trading Co.',
  'Bhandari Sales Corporation',
  'Shekhawati Distributors',
  'Daga Hardware Store',
  'Mittal Pumps and Motors',
  'Modi Electrical Stores',
  'Solanki Enterprises',
  'Purohit Agencies',
  'Tak Brothers',
  'Chhabra Light House',
  'Mathur Sanitation',
  'Parihar Building Solutions',
  'Dhariwal Electricals',
  'Surana Traders',
  'Bohra Power House',
  'Lodha Hardware Mart',
  'Kachhawa Electric Co.',
  'Nahar Wire Industries',
  'Bafna Sales',
  'Tiwari Paints',
  'Rawat Switches and Sockets',
  'Chouhan Lighting Solutions',
  'Bhati Steel and Cement',
];

/** How many of the 50 dealers start in each tier: most in the lower tiers, a few Platinum. */
const TIER_COUNTS: [Tier, number][] = [
  ['NoTier', 8],
  ['Basic', 12],
  ['Bronze', 10],
  ['Silver', 9],
  ['Gold', 7],
  ['Platinum', 4],
];

export type DemoDealer = { username: string; partyName: string; phoneNumber: string; tier: Tier; town: DemoTown };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The 50 dealers: the first is the demo's customer account (a Gold dealer in Jaipur), the others named
 * after their firm and town (`mahaveer-jodhpur`).
 */
export function demoDealers(customerUsername: string): DemoDealer[] {
  const tiers = TIER_COUNTS.flatMap(([tier, count]) => Array.from({ length: count }, () => tier));
  // The demo customer is Gold: enough points to shop, a tier above and below to read about on the tier page.
  const goldIndex = tiers.indexOf('Gold');
  [tiers[0], tiers[goldIndex]] = [tiers[goldIndex]!, tiers[0]!];
  return FIRMS.map((firm, index) => {
    const town = DEMO_TOWNS[index % DEMO_TOWNS.length]!;
    const firstWord = slug(firm).split('-')[0]!;
    return {
      username: index === 0 ? customerUsername : `${firstWord}-${slug(town.name)}`,
      partyName: `${firm}, ${town.name}`,
      phoneNumber: `9${String(8290_00000 + index * 7919).padStart(9, '0')}`,
      tier: tiers[index]!,
      town,
    };
  });
}

export const DEMO_SUPPORT_CONTACTS = [
  { name: 'Asha Verma', role: 'Customer support', phone: '+91 98290 11111' },
  { name: 'Rohit Sharma', role: 'Orders and cancellations', phone: '+91 98290 22222' },
  { name: 'Meena Joshi', role: 'Billing and points', phone: '+91 98290 33333' },
];
