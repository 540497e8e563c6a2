/** One hue per resource (chips, art, cost badges); the tiers read from earthy to exotic. */
const RESOURCE_COLORS: Readonly<Record<string, string>> = {
  fiber: '#9ccc65',
  crystal: '#80deea',
  biomass: '#ef9a9a',
  resin: '#ffb74d',
  chitin: '#bcaaa4',
  ossian: '#e6ddc6',
  ferrite: '#ff8a65',
  conduit: '#4fc3f7',
  psigem: '#ce93d8',
  xalloy: '#b0bec5',
  sparkdust: '#fff176',
  vitrium: '#80cbc4',
  lattice: '#90caf9',
  voidium: '#b388ff',
  isotope: '#69f0ae',
};

export function resourceColor(key: string): string {
  return RESOURCE_COLORS[key] ?? '#aab4d3';
}

/** Short label of a resource for narrow chips: first three letters, capitalised. */
export function resourceAbbreviation(name: string): string {
  return name.slice(0, 3).toUpperCase();
}
