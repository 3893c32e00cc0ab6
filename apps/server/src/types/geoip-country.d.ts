declare module 'geoip-country' {
  interface Lookup {
    country: string;
    name: string;
    native: string;
    phone: number[];
    continent: string;
  }
  const geoip: { lookup(ip: string): Lookup | null };
  export default geoip;
}
