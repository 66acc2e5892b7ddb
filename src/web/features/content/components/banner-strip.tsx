import type { ArticleCard } from '../../../../shared/api/content.js';
import type { Banner } from '../../../../shared/api/content-site.js';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { SmartLink } from './smart-link.js';

interface Slide {
  key: string;
  title: string;
  subtitle: string;
  image: string | null;
  href: string;
}

function bannerSlides(banners: Banner[]): Slide[] {
  return banners.flatMap((b) => {
    const href = b.link || (b.article_id ? paths.article(b.article_id) : '');
    return href ? [{ key: `b${b.id}`, title: b.title, subtitle: b.subtitle, image: b.image, href }] : [];
  });
}

function articleSlides(articles: ArticleCard[]): Slide[] {
  return articles.map((a) => ({ key: `a${a.id}`, title: a.title, subtitle: a.summary, image: a.cover, href: paths.article(a.id) }));
}

/**
 * The home page's carousel as a swipeable strip (scroll snapping, no timer: nothing moves on its own).
 * Editors' banners when there are any, else the hot articles that have a cover.
 */
export function BannerStrip({ banners, hotArticles }: { banners: Banner[]; hotArticles: ArticleCard[] }) {
  const { t } = useI18n();
  const slides = banners.length ? bannerSlides(banners) : articleSlides(hotArticles);
  if (slides.length === 0) return null;
  return (
    <section className="banner-strip" aria-labelledby="featured-title">
      <h2 id="featured-title" className="visually-hidden">{t('home.featured')}</h2>
      {/* A scrollable region must be reachable by keyboard to be scrolled with the arrow keys. */}
      <ul className="banner-strip__track" tabIndex={0} aria-label={t('home.featured')}>
        {slides.map((slide, index) => (
          <li key={slide.key} className="banner">
            <SmartLink href={slide.href} className="banner__link">
              {/* The first slide shows on the first screen (often its largest paint): it loads at once, first. */}
              {slide.image &&
                (index === 0 ? (
                  <img className="banner__image" src={slide.image} alt="" fetchPriority="high" />
                ) : (
                  <img className="banner__image" src={slide.image} alt="" loading="lazy" decoding="async" />
                ))}
              <span className="banner__text">
                <span className="banner__title">{slide.title}</span>
                {slide.subtitle && <span className="banner__subtitle">{slide.subtitle}</span>}
              </span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
