[Profile]
Name=site
Version=1

[Enforce]
web-browser=firefox-esr.desktop;chromium.desktop;
mail=thunderbird.desktop;org.gnome.Evolution.desktop;
application/pdf=org.gnome.Evince.desktop;org.kde.okular.desktop;
image/*=org.gnome.eog.desktop;org.kde.gwenview.desktop;
file-manager=org.gnome.Nautilus.desktop;thunar.desktop;
