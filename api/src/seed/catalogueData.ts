/**
 * What the shop sells, by category: names and the phrases descriptions are written from.
 * `categoryId` is an id of the shared CATEGORIES tree; clothing is sold in colours and sizes.
 */
export interface CategoryPlan {
  categoryId: string;
  skuCode: string;
  variants: boolean;
  /** Rand, before rounding to a shelf price. */
  priceRange: readonly [number, number];
  names: readonly string[];
  /** One is the short description. */
  taglines: readonly string[];
  /** Two or three make up the description, after the tagline. */
  details: readonly string[];
}

export const CATEGORY_PLANS: readonly CategoryPlan[] = [
  {
    categoryId: 't-shirts',
    skuCode: 'TEE',
    variants: true,
    priceRange: [149, 399],
    names: [
      'Classic Cotton Crew-Neck Tee',
      'Organic Cotton V-Neck Tee',
      'Heritage Graphic Print Tee',
      'Slim-Fit Striped Tee',
      'Oversized Boxy Tee',
      'Long-Sleeve Henley Tee',
      'Performance Running Tee',
      'Pocket Detail Cotton Tee',
    ],
    taglines: [
      'An everyday tee in soft, breathable cotton.',
      'The wardrobe staple you will reach for all summer.',
      'Easy to wear, easy to wash, easy to love.',
      'A relaxed tee that keeps its shape wash after wash.',
    ],
    details: [
      'Cut from 100% combed cotton jersey that softens with every wash.',
      'Ribbed neckline and double-stitched hems for a neat finish that lasts.',
      'Pre-shrunk, so the size you buy is the size you keep.',
      'Pairs as easily with chinos as with denim shorts for a braai.',
      'Knitted and sewn in KwaZulu-Natal from locally spun yarn.',
      'Machine wash cold with similar colours; tumble dry low.',
    ],
  },
  {
    categoryId: 'trousers',
    skuCode: 'TRS',
    variants: true,
    priceRange: [399, 899],
    names: [
      'Slim Stretch Chino Trousers',
      'Relaxed Linen Drawstring Trousers',
      'Tailored Wool-Blend Trousers',
      'Cargo Utility Trousers',
      'Straight-Leg Denim Jeans',
      'Pleated Wide-Leg Trousers',
      'Tapered Jogger Track Pants',
    ],
    taglines: [
      'Smart enough for the office, comfortable enough for the weekend.',
      'A clean line from waist to hem, with room to move.',
      'Hard-wearing trousers that go from desk to dinner.',
    ],
    details: [
      'Woven with a touch of stretch so they move with you all day.',
      'Belt loops, a zip fly and a button waist, with deep side pockets.',
      'A mid-rise waist and a leg that sits neatly over sneakers or loafers.',
      'Made in Cape Town by a family-run cut-make-trim factory.',
      'Wash inside out on a gentle cycle and line dry to keep the colour rich.',
    ],
  },
  {
    categoryId: 'fashion',
    skuCode: 'FSH',
    variants: true,
    priceRange: [349, 1499],
    names: [
      'Quilted Puffer Jacket',
      'Knitted Crew-Neck Jumper',
      'Denim Trucker Jacket',
      'Hooded Fleece Sweatshirt',
      'Lightweight Rain Jacket',
      'Brushed Cotton Pyjama Set',
    ],
    taglines: [
      'Your layer for chilly Highveld mornings.',
      'Warm without the weight, made for changeable weather.',
      'A cold-weather favourite that packs down small.',
    ],
    details: [
      'Filled and lined for warmth, with a soft brushed finish inside.',
      'Ribbed cuffs and hem keep the wind out on the walk to work.',
      'Roomy enough to layer over a knit, neat enough to wear alone.',
      'Finished with recycled polyester trims and tonal stitching.',
      'Cool machine wash; do not bleach; reshape while damp.',
    ],
  },
  {
    categoryId: 'dress',
    skuCode: 'DRS',
    variants: true,
    priceRange: [449, 1299],
    names: [
      'Floral Wrap Midi Dress',
      'Shweshwe Print Summer Dress',
      'Linen Shirt Dress',
      'Pleated Maxi Dress',
      'Knit Bodycon Dress',
      'Tiered Cotton Sundress',
      'Satin Slip Dress',
    ],
    taglines: [
      'A flattering dress for long summer days and warm evenings.',
      'Made to twirl in, from garden parties to Sunday lunch.',
      'One dress, many occasions: dress it up or down.',
    ],
    details: [
      'A fitted bodice flows into a skirt that moves beautifully as you walk.',
      'Lightweight fabric that stays cool in the Durban humidity.',
      'Side pockets, because every good dress has them.',
      'Inspired by traditional shweshwe prints and made by Eastern Cape seamstresses.',
      'Hand wash or gentle machine wash; cool iron on the reverse.',
    ],
  },
  {
    categoryId: 'blouse',
    skuCode: 'BLS',
    variants: true,
    priceRange: [299, 699],
    names: [
      'Silk-Touch Button-Up Blouse',
      'Ruffle Sleeve Chiffon Blouse',
      'Broderie Anglaise Peasant Blouse',
      'Tie-Neck Office Blouse',
      'Relaxed Linen Blouse',
      'Puff Sleeve Poplin Blouse',
    ],
    taglines: [
      'An elegant blouse that tucks in neatly or flows loose.',
      'Polished for the boardroom, relaxed for brunch.',
      'A light, pretty top for warm days.',
    ],
    details: [
      'A soft, drapey fabric with a subtle sheen.',
      'Covered buttons and a curved hem for a graceful finish.',
      'Looks just as good with tailored trousers as with jeans.',
      'Cut generously through the body for ease of movement.',
      'Gentle wash at 30 °C; iron on low.',
    ],
  },
  {
    categoryId: 'accessories',
    skuCode: 'ACC',
    variants: false,
    priceRange: [149, 899],
    names: [
      'Genuine Leather Belt',
      'Woven Straw Sun Hat',
      'Canvas Weekend Tote Bag',
      'Polarised Aviator Sunglasses',
      'Merino Wool Scarf',
      'Leather Card Holder Wallet',
    ],
    taglines: [
      'The finishing touch for every outfit.',
      'A small luxury you will use every single day.',
      'Made to last, with a look that never dates.',
    ],
    details: [
      'Crafted from durable materials chosen to age well.',
      'Sized to suit most people and easy to care for.',
      'Makes a thoughtful gift, and arrives in a recycled box.',
      'Designed in Johannesburg and finished by hand.',
    ],
  },
  {
    categoryId: 'watches',
    skuCode: 'WCH',
    variants: false,
    priceRange: [899, 4999],
    names: [
      'Classic Leather Strap Watch',
      'Stainless Steel Chronograph Watch',
      'Minimalist Mesh Strap Watch',
      'Digital Sports Watch',
      'Rose Gold Dress Watch',
      'Smart Fitness Watch',
    ],
    taglines: [
      'Timeless style on your wrist.',
      'Precision timekeeping with a clean, modern face.',
      'A watch that works as hard as you do.',
    ],
    details: [
      'Japanese quartz movement in a scratch-resistant mineral glass case.',
      'Water resistant to 50 metres: fine for the pool and the rain.',
      'An adjustable strap with a secure buckle clasp.',
      'Comes with a two-year guarantee and a gift box.',
    ],
  },
  {
    categoryId: 'electronics',
    skuCode: 'ELC',
    variants: false,
    priceRange: [249, 3499],
    names: [
      'Portable Bluetooth Speaker',
      'Fast-Charge Power Bank 20000mAh',
      'Smart LED Desk Lamp',
      'USB-C Wall Charger 65W',
      '4K Action Camera',
      'Wi-Fi Smart Plug Two-Pack',
    ],
    taglines: [
      'Smart tech that makes every day a little easier.',
      'Keeps you powered up through load-shedding.',
      'Compact, capable and ready when you are.',
    ],
    details: [
      'Charges over USB-C and works with any phone or laptop.',
      'A built-in battery that lasts for hours between charges.',
      'Set up in minutes; no extra app or account needed.',
      'SABS-approved plug and a one-year local warranty.',
    ],
  },
  {
    categoryId: 'headphone',
    skuCode: 'HPH',
    variants: false,
    priceRange: [299, 4499],
    names: [
      'Wireless Over-Ear Headphones',
      'Noise-Cancelling Earbuds',
      'Sports Neckband Earphones',
      'Studio Monitor Headphones',
      'Kids Volume-Limited Headphones',
      'Bone Conduction Headphones',
    ],
    taglines: [
      'Rich, detailed sound wherever you listen.',
      'Shut out the taxi rank and turn up your playlist.',
      'All-day comfort with sound you can feel.',
    ],
    details: [
      'Bluetooth 5.3 pairs quickly and holds a steady connection.',
      'Up to 30 hours of playback, and ten minutes of charging gives three more.',
      'Soft memory-foam cushions that stay comfortable for hours.',
      'A built-in microphone for clear calls and voice notes.',
    ],
  },
  {
    categoryId: 'toys',
    skuCode: 'TOY',
    variants: false,
    priceRange: [149, 1199],
    names: [
      'Wooden Building Block Set',
      'Remote Control Off-Road Car',
      'Plush Elephant Soft Toy',
      'Magnetic Tile Construction Kit',
      'Classic Wooden Train Set',
      'Junior Science Experiment Kit',
      'Stacking Rainbow Cups',
    ],
    taglines: [
      'Hours of imaginative play for curious minds.',
      'A gift that gets played with long after the party.',
      'Learning through play, built to survive it.',
    ],
    details: [
      'Made from child-safe, non-toxic materials with rounded edges.',
      'Encourages creativity, fine motor skills and problem solving.',
      'Suitable for ages three and up; contains small parts.',
      'Packed in a sturdy box that doubles as storage.',
    ],
  },
];
