// BulletinFeatures: routes, coordinators, view models.
