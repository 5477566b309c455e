/// Settings page script: "Use where I am" fills the default location from the browser.
enum SettingsScript {
    static let source = #"""
'use strict';
(() => {
  const button = document.getElementById('use-here');
  const input = document.getElementById('default_location');
  if (!button || !input) return;
  button.addEventListener('click', () => {
    if (!navigator.geolocation) { TGT.toast('This browser cannot share its location here (it needs https or localhost). Type it instead.'); return; }
    button.disabled = true;
    navigator.geolocation.getCurrentPosition((position) => {
      input.value = position.coords.latitude.toFixed(6) + ',' + position.coords.longitude.toFixed(6);
      button.disabled = false;
      input.focus();
    }, (error) => {
      button.disabled = false;
      TGT.toast(error.code === 1 ? 'Location permission was refused; type the location instead.' : 'The location is not available right now; type it instead.');
    }, {timeout: 10000, maximumAge: 60000});
  });
})();
"""#
}
