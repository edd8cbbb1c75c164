import { useState } from 'react';
import { Link } from '@storefront/shared';

const SLIDES = [
  { title: 'Summer linen, winter prices', text: 'Light layers for warm days, up to 40% off.', to: '/shop?search=linen', tone: 'sand' },
  { title: 'New in: the Highveld jacket edit', text: 'Puffer, denim and rain jackets for chilly mornings.', to: '/shop?is_new=true', tone: 'sky' },
  { title: 'Sound that goes everywhere', text: 'Headphones and speakers for the commute and the braai.', to: '/shop?category=electronics', tone: 'jacaranda' },
];

/** boxed-slider's banner: slides the shopper moves through; nothing moves by itself (no autoplay). */
export function BannerSlider() {
  const [index, setIndex] = useState(0);
  const go = (next: number) => setIndex((next + SLIDES.length) % SLIDES.length);
  const slide = SLIDES[index] ?? SLIDES[0];
  if (!slide) return null;
  return (
    <section className="cat-banner-slider" aria-roledescription="carousel" aria-label="Offers" data-testid="banner-slider">
      <div className={`cat-banner cat-banner--${slide.tone}`} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${SLIDES.length}`}>
        <h2>{slide.title}</h2>
        <p>{slide.text}</p>
        <Link className="sf-button" to={slide.to}>
          Shop the offer
        </Link>
      </div>
      <button type="button" className="cat-banner-slider__nav cat-banner-slider__nav--prev" aria-label="Previous offer" onClick={() => go(index - 1)}>
        ‹
      </button>
      <button type="button" className="cat-banner-slider__nav cat-banner-slider__nav--next" aria-label="Next offer" onClick={() => go(index + 1)}>
        ›
      </button>
      <div className="cat-banner-slider__dots">
        {SLIDES.map((item, dot) => (
          <button key={item.title} type="button" aria-label={`Show offer ${dot + 1}`} aria-current={dot === index} onClick={() => go(dot)} />
        ))}
      </div>
    </section>
  );
}

/** boxed-image's banner: one wide picture with the season's message. */
export function BannerImage() {
  return (
    <section className="cat-banner cat-banner--image" aria-label="Featured" data-testid="banner-image">
      <svg className="cat-banner__art" aria-hidden="true" viewBox="0 0 600 200" preserveAspectRatio="xMidYMid slice">
        <rect width="600" height="200" fill="#ede9fe" />
        <circle cx="500" cy="60" r="90" fill="#c4b5fd" />
        <circle cx="560" cy="170" r="60" fill="#a78bfa" />
        <path d="M0 160 Q150 110 300 160 T600 150 V200 H0z" fill="#ddd6fe" />
      </svg>
      <div className="cat-banner__text">
        <h2>Jacaranda season</h2>
        <p>Fresh colour for every room and wardrobe, delivered across South Africa.</p>
        <Link className="sf-button" to="/shop?on_sale=true">
          See what is on sale
        </Link>
      </div>
    </section>
  );
}
