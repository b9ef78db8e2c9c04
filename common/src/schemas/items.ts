/** The API shape of a catalogue item (spec §3). Points are numbers with at most 2 decimals. */
export type Item = {
  _id: string;
  name: string;
  description: string;
  pointsRequired: number;
  discount: number;
  stock: number;
  /** Relative paths without a leading slash ("uploads/…"), served at /uploads/… (contract "Shapes"). */
  images: string[];
  image: string | null;
  createdAt: string;
};
