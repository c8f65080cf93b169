from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from delight import api, api_errors, health, views
from world import urls as world_urls

api_patterns = [
    path("me/", api.MeView.as_view(), name="api-me"),
    path("me/export/", api.AccountExportView.as_view(), name="api-me-export"),
    path("me/delete/", api.AccountDeleteView.as_view(), name="api-me-delete"),
    path("auth/token/", api.TokenView.as_view(), name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("world/", include(world_urls.api_patterns)),
    path("companion/", include("companion.api_urls")),
    path("progress/", include("goals.progress.api")),
    path("story/", include("narrative.api")),
    path("", include("nudges.api_urls")),
    path("", include("goals.api")),
    re_path(r"^(?P<path>.*)$", api_errors.api_not_found),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("more/", views.more, name="more"),
    path("settings/", views.settings_page, name="settings"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/logged-out/", views.logged_out, name="logged-out"),
    path("accounts/password/", views.PasswordChange.as_view(), name="password_change"),
    path("accounts/password/reset/", views.password_reset, name="password_reset"),
    path("accounts/password/reset/sent/", views.password_reset_sent, name="password_reset_sent"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/deleted/", views.account_deleted, name="account-deleted"),
    path("settings/delete/", views.account_delete, name="account-delete"),
    path("settings/export/", views.account_export, name="account-export"),
    path("onboarding/", views.onboarding, name="onboarding"),
    path("onboarding/<int:step>/", views.onboarding_step, name="onboarding-step"),
    path("memories/", include("companion.urls")),
    path("about-you/", include("companion.about_urls")),
    path("chat/", include("companion.chat_urls")),
    path("admin/", admin.site.urls),
    path("world/", include(world_urls.page_patterns)),
    path("story/", include("narrative.urls")),
    path("", include("goals.urls")),
    path("", include("nudges.urls")),
    path("api/", include(api_patterns)),
]

handler400 = api_errors.handler400
handler403 = api_errors.handler403
handler404 = api_errors.handler404
handler500 = api_errors.handler500
