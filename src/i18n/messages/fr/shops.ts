/** Shop locator: opening tags, hours table, map. */
export default {
  tags: {
    open: 'Ouvert · ferme à {time}',
    closesSoon: {
      one: 'Ferme bientôt (dans {count} minute)',
      other: 'Ferme bientôt (dans {count} minutes)',
    },
    opensSoon: {
      one: 'Ouvre bientôt (dans {count} minute)',
      other: 'Ouvre bientôt (dans {count} minutes)',
    },
    opensToday: 'Fermé · ouvre aujourd’hui à {time}',
    opensTomorrow: 'Fermé · ouvre demain à {time}',
    opensLater: 'Fermé · ouvre {weekday} à {time}',
    opensOnDate: 'Fermé · ouvre le {date} à {time}',
    closed: 'Fermé',
    specialOpening: 'Ouverture exceptionnelle',
    specialClosure: 'Fermeture exceptionnelle',
    hoursLink: 'Voir les horaires d’ouverture',
  },
  hours: {
    title: 'Horaires d’ouverture',
    caption: 'Horaires d’ouverture de {name}',
    weekday: 'Jour',
    hours: 'Horaires',
    closed: 'Fermé',
    weekdays: {
      mon: 'Lundi',
      tue: 'Mardi',
      wed: 'Mercredi',
      thu: 'Jeudi',
      fri: 'Vendredi',
      sat: 'Samedi',
      sun: 'Dimanche',
    },
    exceptions: {
      title: 'Horaires exceptionnels',
      opening: 'Ouverture exceptionnelle\u00A0: {hours}',
      closure: 'Fermeture exceptionnelle',
      period: 'Du {from} au {to} inclus',
      periodClosed: 'Fermé',
    },
  },
  map: {
    label: 'Carte des magasins',
    pin: '{name}, {city}',
    attribution: 'Fond de carte\u00A0: {attribution}',
  },
};
