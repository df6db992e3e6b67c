// BulletinUI: screens.
