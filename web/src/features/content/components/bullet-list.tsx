//! A titled list of points, used by the content pages.
export function BulletList({ title, items, icon = 'pi pi-check' }: { title?: string; items: string[]; icon?: string }) {
  return (
    <div className="bullet-list">
      {title ? <h3>{title}</h3> : null}
      <ul>
        {items.map((item) => (
          <li key={item}>
            <i className={icon} aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
